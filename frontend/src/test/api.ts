import { vi } from 'vitest'

import * as catalog from '@/test/catalog-fixtures'
import { gstStates, projectPackages, site, team } from '@/test/fixtures'
import { pageHandlerFor } from '@/test/page-handlers'

type Handler = (request: Request) => Response | Promise<Response>

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
}

const notFound = (message: string) => json({ message, extra: {} }, 404)

/** The read-only catalogue endpoints, answering from catalog-fixtures.ts. */
function catalogHandlers(): Record<string, Handler> {
  const allCourses = [...catalog.courses, catalog.bootcamp]
  const eventsBySlug = new Map([...catalog.events.upcoming, ...catalog.events.past].map((event) => [event.slug, event]))
  return {
    'GET /api/courses': () => json(catalog.courses),
    'GET /api/courses/by-route': (request) => {
      const path = new URL(request.url).searchParams.get('path')
      const course = allCourses.find((item) => item.route === path)
      return course ? json(course) : notFound('No course has this page.')
    },
    'GET /api/internships': () => json(catalog.internshipDomains),
    'GET /api/programme': () => json(catalog.programme),
    'GET /api/events': () => json(catalog.events),
    'GET /api/portfolio': () => json(catalog.portfolio),
    'GET /api/about': () => json(catalog.about),
    ...Object.fromEntries(
      [...eventsBySlug].map(([slug, event]) => [`GET /api/events/${slug}`, () => json(event)] as const),
    ),
    ...Object.fromEntries(
      Object.entries(catalog.policies).map(([slug, page]) => [`GET /api/policies/${slug}`, () => json(page)] as const),
    ),
  }
}

export const defaultHandlers: Record<string, Handler> = {
  'GET /api/site': () => json(site),
  'GET /api/team': () => json(team),
  'GET /api/projects': () => json(projectPackages),
  // A new browser session has made no enrolments.
  'GET /api/enrolments/session': () => json([]),
  'GET /api/enrolments/states': () => json(gstStates),
  ...catalogHandlers(),
}

/**
 * Replace fetch at the network boundary: handlers are keyed "METHOD /path". Anything
 * unhandled answers 404 with the API's error envelope. Returns the mock to inspect calls.
 */
export function mockApi(handlers: Record<string, Handler> = {}) {
  const all = { ...defaultHandlers, ...handlers }
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init)
    const { pathname } = new URL(request.url)
    const handler = all[`${request.method} ${pathname}`] ?? pageHandlerFor(`${request.method} ${pathname}`)
    return handler ? handler(request) : json({ message: 'Not found.', extra: {} }, 404)
  })
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

/** The JSON bodies sent to "METHOD /path". */
export async function sentBodies(fetchMock: ReturnType<typeof mockApi>, key: string): Promise<unknown[]> {
  const bodies: unknown[] = []
  for (const [input] of fetchMock.mock.calls) {
    const request = input as Request
    if (`${request.method} ${new URL(request.url).pathname}` === key) bodies.push(await request.clone().json())
  }
  return bodies
}
