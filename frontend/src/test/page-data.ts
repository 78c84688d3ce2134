/**
 * Typed page fixtures: what GET /api/pages/<page> (backend/web/api.py) answers, built from
 * the fixtures of src/test/*.ts and typed by the generated OpenAPI types, so a fixture that
 * drifts from the server's schema fails `tsc`. `pageData.course({ course: null })` is the
 * course page's answer with no course; every field not given takes its default.
 *
 * The tests' network answers each page from these (src/test/api.ts, `answerPage`), with the
 * `visitor` the tests' session has logged in. backend/web/tests prove what the real
 * endpoints put in each field.
 */
import type { paths } from '@/api/schema'
import type { CoursePageData, EventPageData, PathPageData } from '@/features/catalog/types'
import * as catalog from '@/test/catalog-fixtures'
import { gstStates, newMessagePreferences, noRewards, projectPackages, site, team } from '@/test/fixtures'

/** Where each page's data is read (the loaders' `apiClient.GET` paths). */
export const pagePaths = {
  basic: '/api/pages/basic',
  home: '/api/pages/home',
  about: '/api/pages/about',
  portfolio: '/api/pages/portfolio',
  internship: '/api/pages/internship',
  courses: '/api/pages/courses',
  path: '/api/pages/path',
  sitemap: '/api/pages/sitemap',
  training: '/api/pages/training',
  projects: '/api/pages/projects',
  events: '/api/pages/events',
  policy: '/api/pages/policies/{slug}',
  referearn: '/api/pages/referearn',
  verify: '/api/pages/verify/{certificate_id}',
  tasks: '/api/pages/tasks/{slug}',
  dashboard: '/api/pages/dashboard',
  account: '/api/pages/account',
  internshipApply: '/api/pages/internship/{slug}',
  invoice: '/api/pages/invoice/{token}',
  enrolmentPrivate: '/api/pages/enrolment/{token}',
} as const satisfies Record<string, keyof paths>

export type PageName = keyof typeof pagePaths

/** The 200 answer of a page's GET, as the OpenAPI document types it. */
export type PageAnswer<N extends PageName> = paths[(typeof pagePaths)[N]] extends {
  get: { responses: { 200: { content: { 'application/json': infer T } } } }
}
  ? T
  : never

/** What a test gives of a page's answer: any of its fields, each typed as the schema says. */
export type PageOverrides<N extends PageName> = Partial<PageAnswer<N>>

const frame = { visitor: null, site }

/**
 * A page's answer: the frame (no visitor, the site settings), the page's defaults, then the
 * test's fields. The pages of one record (a domain, an invoice, an enrolment) have no
 * default for it: the test gives it (src/test/api.ts answers 404 without it).
 */
function builder<N extends PageName>(defaults: Partial<PageAnswer<N>>) {
  return (overrides: PageOverrides<N> = {}) => ({ ...frame, ...defaults, ...overrides }) as PageAnswer<N>
}

/** The server's words for an unknown certificate and an unknown board (certificates.selectors, internships.selectors). */
export const CERTIFICATE_NOT_FOUND = 'Verification failed. This certification ID is invalid.'
export const BOARD_NOT_FOUND = 'This task board does not exist.'
const refused = (message: string) => ({ message, extra: {} })

/** Each page's answer over its defaults: the seeded-like catalogue, a new account, nothing found. */
export const pageData = {
  basic: builder<'basic'>({}),
  home: builder<'home'>({ head: null, courses: catalog.courses, packages: projectPackages, domains: catalog.internshipDomains, team }),
  about: builder<'about'>({ head: null, about: catalog.about }),
  portfolio: builder<'portfolio'>({ portfolio: catalog.portfolio }),
  internship: builder<'internship'>({ domains: catalog.internshipDomains }),
  courses: builder<'courses'>({ courses: catalog.courses, bootcamp: catalog.bootcamp }),
  /**
   * The page found at a path: a course's (`pageData.coursePage({ course })`), the
   * bootcamp's or an event's (`pageData.eventPage({ event })`); src/test/api.ts answers
   * the catalogue fixtures' page at the path asked about, and 404 for none.
   */
  path: (overrides: Partial<PageAnswer<'path'>> = {}) => ({ ...frame, ...overrides }) as PageAnswer<'path'>,
  /** A course's page's own fields (the course given, or the first course card; no enrolments in this browser yet), for `path`. */
  coursePage: (overrides: Partial<CoursePageData> = {}): Partial<CoursePageData> => {
    const course = overrides.course ?? catalog.courses[0]!
    return { kind: course.is_bootcamp ? 'bootcamp' : 'course', head: null, course, states: gstStates, enrolments: [], batches: [], has_batches: false, ...overrides }
  },
  /** An event's page's own fields (the event given, or the first upcoming one), for `path`. */
  eventPage: (overrides: Partial<EventPageData> = {}): Partial<EventPageData> => ({
    kind: 'event',
    head: null,
    event: catalog.events.upcoming[0]!,
    registration: {
      team_event: false,
      team_min: 1,
      team_max: 1,
      gaming: false,
      fee_per: 'person',
      targets: [],
      results: [],
    },
    enrolments: [],
    ...overrides,
  }),
  /** The pages found from the data, for the sitemap: the catalogue fixtures' courses, bootcamp and events with a page. */
  sitemap: (overrides: Partial<PageAnswer<'sitemap'>> = {}) => ({ paths: fixturePagePaths(), ...overrides }) as PageAnswer<'sitemap'>,
  training: builder<'training'>({ programme: catalog.programme }),
  projects: builder<'projects'>({ packages: projectPackages }),
  events: builder<'events'>({ head: null, events: catalog.events }),
  policy: builder<'policy'>({ head: null, policy: null }),
  referearn: builder<'referearn'>({ courses: catalog.courses }),
  /** The lookup's 404 unless a certificate is given. */
  verify: (overrides: PageOverrides<'verify'> = {}) =>
    builder<'verify'>({ certificate: null, refusal: overrides.certificate ? null : refused(CERTIFICATE_NOT_FOUND) })(overrides),
  /** The board's 404 unless a board is given. */
  tasks: (overrides: PageOverrides<'tasks'> = {}) =>
    builder<'tasks'>({ board: null, refusal: overrides.board ? null : refused(BOARD_NOT_FOUND) })(overrides),
  /** A new account's dashboard: the course cards, nothing enrolled, earned or applied for. */
  dashboard: builder<'dashboard'>({
    courses: catalog.courses,
    enrolments: [],
    referral_summary: noRewards,
    reward_entries: [],
    internship: { applications: [], certificates: [] },
    classes: [],
    waitlist: [],
    calendar_path: null,
    events: [],
  }),
  account: builder<'account'>({ preferences: newMessagePreferences }),
  internshipApply: builder<'internshipApply'>({}),
  invoice: builder<'invoice'>({}),
  enrolmentPrivate: builder<'enrolmentPrivate'>({}),
}

/** The course (or bootcamp) of the catalogue fixtures whose page is at `path`, as the page route finds it. */
export function fixtureCourseAt(path: string) {
  return [...catalog.courses, catalog.bootcamp].find((course) => course.route === path) ?? null
}

/** The event of the catalogue fixtures whose page is at `path`. */
export function fixtureEventAt(path: string) {
  return [...catalog.events.upcoming, ...catalog.events.past].find((event) => event.route === path) ?? null
}

/** The page the catalogue fixtures have at `path` (as GET /api/pages/path finds it), or null. */
export function fixturePageAt(path: string): Partial<PathPageData> | null {
  const course = fixtureCourseAt(path)
  if (course) return pageData.coursePage({ course })
  const event = fixtureEventAt(path)
  return event ? pageData.eventPage({ event }) : null
}

export function fixturePagePaths(): string[] {
  const events = [...catalog.events.upcoming, ...catalog.events.past].flatMap((event) => (event.route ? [event.route] : []))
  return [...catalog.courses.map((course) => course.route), catalog.bootcamp.route, ...events]
}

/** The policy of the catalogue fixtures with this slug. */
export function fixturePolicy(slug: string) {
  return catalog.policies[slug] ?? null
}
