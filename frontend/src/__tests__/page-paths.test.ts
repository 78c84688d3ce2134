import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

import routes from '@/routes'

/**
 * server/page-paths.json is the route table's fixed paths as Django reads them: the back
 * office refuses a course's or an event's Page path that one of them would answer
 * (backend/catalog/page_paths.py). A route added to src/routes.ts and not there fails here.
 */
describe('the fixed paths Django refuses as a Page path', () => {
  it('are exactly the route table’s, the pages found from the data (the splat) aside', () => {
    const file = JSON.parse(readFileSync(path.join(__dirname, '../../server/page-paths.json'), 'utf8')) as string[]
    const fixed = routes.filter((route) => route.path !== '*').map((route) => `/${(route.path ?? '').replace(/^\//, '')}`)
    expect(file).toEqual(fixed)
  })
})
