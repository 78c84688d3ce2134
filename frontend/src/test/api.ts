import { http, HttpResponse, type JsonBodyType } from 'msw'
import { setupServer } from 'msw/node'

import * as catalog from '@/test/catalog-fixtures'
import { gstStates, projectPackages, site, team } from '@/test/fixtures'
import { pageHandlerFor } from '@/test/page-handlers'

export type Handler = (request: Request) => Response | Promise<Response>

export function json(body: unknown, status = 200): Response {
  return HttpResponse.json(body as JsonBodyType, { status })
}

const notFound = (message: string) => json({ message, extra: {} }, 404)

/**
 * The network the tests' fetch meets (Mock Service Worker): the app's own fetch, Request and
 * Response run unchanged and MSW answers at the network. setup.ts starts it before the tests
 * and drops each test's handlers after it.
 */
export const server = setupServer()

/**
 * Told of each answer mockApi's handlers give, before the app sees it (renderRoute follows
 * who is logged in this way). Emptied after each test.
 */
type AnswerListener = (key: string, response: Response) => void | Promise<void>
const answerListeners = new Set<AnswerListener>()

export function onAnswer(listener: AnswerListener): void {
  answerListeners.add(listener)
}

export function resetApi(): void {
  answerListeners.clear()
  recorded = { requests: [] }
}

/** The requests the app made since mockApi(), in order, as they reached the network. */
export type RecordedApi = { readonly requests: Request[] }
let recorded: RecordedApi = { requests: [] }

server.events.on('request:start', ({ request }) => {
  // A copy: the handler reads the body of the request itself.
  recorded.requests.push(request.clone())
})

const requestKey = (request: Request) => `${request.method} ${new URL(request.url).pathname}`

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
 * A handler's answer, told to the answer listeners before the app sees it. A handler that
 * throws or rejects is a network failure (fetch rejects), as an unreachable API is.
 */
async function answer(key: string, handler: Handler, request: Request): Promise<Response> {
  // The body read through first (from a copy): MSW closes a body no handler read, and the
  // record's copy of the request (see request:start above) could no longer be read after.
  if (request.body) await request.clone().arrayBuffer()
  let response: Response
  try {
    response = await handler(request)
  } catch {
    return HttpResponse.error()
  }
  for (const listener of answerListeners) await listener(key, response)
  return response
}

/**
 * One MSW handler per "METHOD /path" (any origin: the browser's own, or Django's internal
 * address on the server), the path matched exactly as before.
 */
function mswHandler(key: string, handler: Handler) {
  const [method, path] = key.split(' ')
  return http.all(
    ({ request }) => request.method === method && new URL(request.url).pathname === path,
    ({ request }) => answer(key, handler, request),
  )
}

/**
 * Anything no handler answers: a page-data endpoint (GET /api/pages/…) a test did not answer
 * itself is composed by page-handlers.ts from the other mocked endpoints (its fetches go
 * through this same network); anything else gets the API's 404 envelope.
 */
const unhandled = http.all('*', ({ request }) => {
  const key = requestKey(request)
  return answer(key, pageHandlerFor(key) ?? (() => json({ message: 'Not found.', extra: {} }, 404)), request)
})

/**
 * Answer the API at the network boundary: handlers are keyed "METHOD /path", over the
 * defaults above. Anything unhandled answers 404 with the API's error envelope. Returns the
 * record of the requests made, to inspect.
 */
export function mockApi(handlers: Record<string, Handler> = {}): RecordedApi {
  const all = { ...defaultHandlers, ...handlers }
  server.use(...Object.entries(all).map(([key, handler]) => mswHandler(key, handler)), unhandled)
  recorded = { requests: [] }
  return recorded
}

/** The JSON bodies sent to "METHOD /path". */
export async function sentBodies(api: RecordedApi, key: string): Promise<unknown[]> {
  const bodies: unknown[] = []
  for (const request of api.requests) {
    if (requestKey(request) === key) bodies.push(await request.clone().json())
  }
  return bodies
}
