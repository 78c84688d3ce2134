import { describe, expect, it } from 'vitest'

import { contactPath, quotePath } from '@/config/paths'

describe('links', () => {
  it('builds quote links with the package slug', () => {
    expect(quotePath('web-project')).toBe('/getquote?package=web-project')
    expect(quotePath()).toBe('/getquote')
  })

  it('builds contact links with the subject filled in', () => {
    expect(contactPath('Question about Java & Android')).toBe('/getquote?subject=Question+about+Java+%26+Android')
    expect(contactPath()).toBe('/getquote')
  })
})
