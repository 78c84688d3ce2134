import { describe, expect, it } from 'vitest'

import { pages } from '@/routes'
import { pageHydrates, type HydrationHandle } from '@/lib/hydration'

// Every route module, by its file (src/routes.ts names them).
const modules = import.meta.glob<{ handle?: HydrationHandle }>('../app/routes/*.tsx')

async function handleOf(file: string): Promise<HydrationHandle | undefined> {
  const load = modules[`../app/routes/${file}.tsx`]
  if (!load) throw new Error(`src/routes.ts names app/routes/${file}.tsx, which is missing`)
  return (await load()).handle
}

/**
 * The pages that load the app's JavaScript, and only these (docs/architecture.md, "Which
 * pages hydrate", says why each one does). A page added to the list says why there too.
 */
const HYDRATING = [
  'home',
  'portfolio',
  'internship-apply',
  'getquote',
  'verify',
  'download-certificate',
  'verify-result',
  'login',
  'signup',
  'registration',
  'forgot-password',
  'account',
  'dashboard',
  'referearn',
  'tasks',
  'tasks-1',
  'tasks-10',
  'tasks-20',
  'enrolment-link',
  'certificate-import',
]

describe('which pages hydrate', () => {
  it('is the list in docs/architecture.md: the pages that need the client', async () => {
    const hydrating: string[] = []
    for (const page of pages) if ((await handleOf(page.file))?.hydrate === true) hydrating.push(page.id)
    expect(hydrating).toEqual(HYDRATING)
  })

  it('leaves the pages that work without JavaScript without it', async () => {
    const still = pages.filter((page) => !HYDRATING.includes(page.id)).map((page) => page.id)
    expect(still).toEqual(['about', 'internship', 'courses', 'training', 'projects', 'events', 'payment', 'invoice-check', 'terms', 'privacy', 'refund'])
  })

  it('hydrates the pages found from the data (courses, the bootcamp, events: enrolment and Razorpay Checkout)', async () => {
    expect((await handleOf('page'))?.hydrate).toBe(true)
  })

  it('asks for the scripts when any matched route does', () => {
    expect(pageHydrates([{ handle: undefined }, { handle: { hydrate: true } }])).toBe(true)
    expect(pageHydrates([{ handle: undefined }, { handle: { sharing: 'page' } }])).toBe(false)
    expect(pageHydrates([])).toBe(false)
  })
})
