import { http, HttpResponse, type JsonBodyType } from 'msw'
import { setupServer } from 'msw/node'

import type { User } from '@/features/accounts/types'
import {
  fixturePageAt,
  fixturePolicy,
  pageData,
  pagePaths,
  type PageAnswer,
  type PageName,
  type PageOverrides,
} from '@/test/page-data'

export type Handler = (request: Request) => Response | Promise<Response>

export function json(body: unknown, status = 200): Response {
  return HttpResponse.json(body as JsonBodyType, { status })
}

const refusal = (status: number, message: string) => json({ message, extra: {} }, status)

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

/**
 * Who the tests' Django has logged in: the `visitor` of every page's answer (renderRoute
 * sets it and follows logins and logouts). Null: nobody.
 */
export const session: { user: User | null } = { user: null }

export function resetApi(): void {
  answerListeners.clear()
  recorded = { requests: [] }
  session.user = null
}

/** The requests the app made since mockApi(), in order, as they reached the network. */
export type RecordedApi = { readonly requests: Request[] }
let recorded: RecordedApi = { requests: [] }

server.events.on('request:start', ({ request }) => {
  // A copy: the handler reads the body of the request itself.
  recorded.requests.push(request.clone())
})

const requestKey = (request: Request) => `${request.method} ${new URL(request.url).pathname}`

/** The pages only a logged-in visitor gets (401 otherwise, as Django's `logged_in`). */
const LOGGED_IN: ReadonlySet<PageName> = new Set(['dashboard', 'account', 'internshipApply'])

/** The one record of these pages, and Django's 404 when the test gives none (an address naming nothing). */
const ONE_RECORD: Partial<Record<PageName, { field: string; missing: string }>> = {
  internshipApply: { field: 'domain', missing: 'This internship domain does not exist.' },
  invoice: { field: 'check', missing: 'No invoice at this address.' },
  enrolmentPrivate: { field: 'enrolment', missing: 'No enrolment with this reference.' },
  path: { field: 'kind', missing: 'No page at this address.' },
}

/** What a page's address picks out of the catalogue fixtures when the test does not say. */
function found(name: PageName, url: URL): Record<string, unknown> {
  const last = decodeURIComponent(url.pathname.split('/').at(-1) ?? '')
  if (name === 'path') return fixturePageAt(url.searchParams.get('path') ?? '') ?? {}
  if (name === 'policy') return { policy: fixturePolicy(last) }
  return {}
}

type Answer<N extends PageName> = PageOverrides<N> | Partial<PageAnswer<N>>

/**
 * GET /api/pages/<page> answered from its typed page fixture (src/test/page-data.ts):
 * `pageData[name]` over what the page's address picks from the catalogue fixtures, over
 * `answer` (its fields, or a function of the request's URL giving them or a whole Response,
 * such as an error), the visitor whoever `session` has logged in. Pages for the logged in
 * answer 401 without one; the pages of one record 404 without it, as Django does.
 */
export function answerPage<N extends PageName>(
  name: N,
  answer: Answer<N> | ((url: URL) => Answer<N> | Response | Promise<Answer<N> | Response>) = {},
  /** One address of the page ("/api/pages/verify/WD-1"): the others keep the default answer. */
  at: string = pagePaths[name],
): Record<string, Handler> {
  const handler: Handler = async (request) => {
    const url = new URL(request.url)
    const given = typeof answer === 'function' ? await answer(url) : answer
    if (given instanceof Response) return given
    const fields = { visitor: session.user, ...found(name, url), ...given } as Record<string, unknown>
    const record = ONE_RECORD[name]
    if (record && !(record.field in fields)) return refusal(404, record.missing)
    if (LOGGED_IN.has(name) && !fields.visitor) return refusal(401, 'Please log in to continue.')
    const build = pageData[name] as (overrides: Record<string, unknown>) => PageAnswer<N>
    return json(build(fields))
  }
  return { [`GET ${at}`]: handler }
}

/** Every page, answered from its fixture's defaults. */
const pageDefaults: Record<string, Handler> = Object.assign({}, ...(Object.keys(pagePaths) as PageName[]).map((name) => answerPage(name)))

export const defaultHandlers: Record<string, Handler> = { ...pageDefaults }

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

/** A key's path as a pattern: `{name}` is one segment, `{certificate_id}` the rest (an ID may hold a slash). */
function pathPattern(path: string): RegExp {
  const segments = path.split('/').map((segment) => {
    if (segment === '{certificate_id}') return '.+'
    if (/^\{\w+\}$/.test(segment)) return '[^/]+'
    return segment.replace(/[.*+?^$()|[\]\\]/g, '\\$&')
  })
  return new RegExp(`^${segments.join('/')}$`)
}

/**
 * One MSW handler per "METHOD /path" (any origin: the browser's own, or Django's internal
 * address on the server): the path matched exactly, or segment by segment where the key
 * names a parameter ("GET /api/pages/policies/{slug}").
 */
function mswHandler(key: string, handler: Handler) {
  const [method, path = ''] = key.split(' ')
  const pattern = path.includes('{') ? pathPattern(path) : null
  return http.all(
    ({ request }) => {
      const pathname = new URL(request.url).pathname
      return request.method === method && (pattern ? pattern.test(pathname) : pathname === path)
    },
    ({ request }) => answer(key, handler, request),
  )
}

/** Anything no handler answers gets the API's 404 envelope. */
const unhandled = http.all('*', ({ request }) => answer(requestKey(request), () => refusal(404, 'Not found.'), request))

/**
 * Answer the API at the network boundary: handlers are keyed "METHOD /path", over the
 * defaults above (every page from its fixture: `answerPage`); a key for one address
 * ("GET /api/pages/verify/WD-1") is tried before a key with a parameter. Anything
 * unhandled answers 404 with the API's error envelope. Returns the record of the requests
 * made, to inspect.
 */
export function mockApi(handlers: Record<string, Handler> = {}): RecordedApi {
  const all = Object.entries({ ...defaultHandlers, ...handlers })
  const ordered = [...all.filter(([key]) => !key.includes('{')), ...all.filter(([key]) => key.includes('{'))]
  server.use(...ordered.map(([key, handler]) => mswHandler(key, handler)), unhandled)
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
