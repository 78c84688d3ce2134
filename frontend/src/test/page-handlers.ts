/**
 * The page-data endpoints (GET /api/pages/…, backend/web/api.py) as the tests' API answers
 * them: each composed from the answers of the endpoints it gathers, asked of the same mocked
 * network, so a test that changes one answer (a course withdrawn, who is logged in) changes
 * the page's data as Django would. backend/web/tests prove the real endpoints give the same.
 */

type Handler = (request: Request) => Response | Promise<Response>

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
}

/** An answer the page cannot be built without: its error becomes the page's answer. */
class Refused {
  constructor(readonly response: Response) {}
}

async function ask(request: Request, path: string): Promise<Response> {
  return fetch(new Request(new URL(path, request.url), { headers: request.headers }))
}

async function part(request: Request, path: string): Promise<unknown> {
  const response = await ask(request, path)
  if (!response.ok) throw new Refused(response)
  return response.json()
}

/** A part the page shows as missing (null) when its endpoint answers one of `missing`. */
async function maybe(request: Request, path: string, missing = [404]): Promise<{ value: unknown; refusal: unknown }> {
  const response = await ask(request, path)
  if (response.ok) return { value: await response.json(), refusal: null }
  if (missing.includes(response.status)) return { value: null, refusal: await response.json() }
  throw new Refused(response)
}

async function frame(request: Request, needsAccount = false): Promise<{ visitor: unknown; site: unknown }> {
  const me = await ask(request, '/api/auth/me')
  if (!me.ok && !(me.status === 401 && !needsAccount)) throw new Refused(me)
  return { visitor: me.ok ? await me.json() : null, site: await part(request, '/api/site') }
}

function page(build: (request: Request, url: URL) => Promise<Record<string, unknown>>): Handler {
  return async (request) => {
    try {
      return json(await build(request, new URL(request.url)))
    } catch (error) {
      if (error instanceof Refused) return error.response
      throw error
    }
  }
}

const head = async (request: Request, path: string) => (await maybe(request, `/api/pages/head?path=${encodeURIComponent(path)}`)).value

/** Keyed "GET /api/pages/…" like mockApi's handlers; `{param}` segments match anything. */
export const pageHandlers: Record<string, Handler> = {
  'GET /api/pages/basic': page(async (request) => frame(request)),
  'GET /api/pages/home': page(async (request) => ({
    ...(await frame(request)),
    head: await head(request, '/'),
    courses: await part(request, '/api/courses'),
    packages: await part(request, '/api/projects'),
    domains: await part(request, '/api/internships'),
    team: await part(request, '/api/team'),
  })),
  'GET /api/pages/about': page(async (request) => ({
    ...(await frame(request)),
    head: await head(request, '/about'),
    about: (await maybe(request, '/api/about')).value,
  })),
  'GET /api/pages/portfolio': page(async (request) => ({ ...(await frame(request)), portfolio: await part(request, '/api/portfolio') })),
  'GET /api/pages/internship': page(async (request) => ({ ...(await frame(request)), domains: await part(request, '/api/internships') })),
  'GET /api/pages/courses': page(async (request) => ({
    ...(await frame(request)),
    courses: await part(request, '/api/courses'),
    bootcamp: (await maybe(request, `/api/courses/by-route?path=${encodeURIComponent('/java+android_bootcamp')}`)).value,
  })),
  'GET /api/pages/course': page(async (request, url) => {
    const path = url.searchParams.get('path') ?? ''
    const base = await frame(request)
    return {
      ...base,
      head: await head(request, path),
      course: (await maybe(request, `/api/courses/by-route?path=${encodeURIComponent(path)}`)).value,
      states: await part(request, '/api/enrolments/states'),
      enrolments: await part(request, base.visitor ? '/api/enrolments/mine' : '/api/enrolments/session'),
    }
  }),
  'GET /api/pages/training': page(async (request) => ({ ...(await frame(request)), programme: await part(request, '/api/programme') })),
  'GET /api/pages/projects': page(async (request) => ({ ...(await frame(request)), packages: await part(request, '/api/projects') })),
  'GET /api/pages/events': page(async (request) => ({
    ...(await frame(request)),
    head: await head(request, '/events'),
    events: await part(request, '/api/events'),
  })),
  'GET /api/pages/events/{slug}': page(async (request, url) => ({
    ...(await frame(request)),
    head: await head(request, url.searchParams.get('path') ?? ''),
    event: (await maybe(request, `/api/events/${url.pathname.split('/').at(-1)}`)).value,
  })),
  'GET /api/pages/policies/{slug}': page(async (request, url) => ({
    ...(await frame(request)),
    head: await head(request, url.searchParams.get('path') ?? ''),
    policy: (await maybe(request, `/api/policies/${url.pathname.split('/').at(-1)}`)).value,
  })),
  'GET /api/pages/referearn': page(async (request) => ({ ...(await frame(request)), courses: await part(request, '/api/courses') })),
  'GET /api/pages/verify/{id}': page(async (request, url) => {
    const id = url.pathname.slice('/api/pages/verify/'.length)
    const { value, refusal } = await maybe(request, `/api/certificates/${id}`, [404, 422])
    return { ...(await frame(request)), certificate: value, refusal }
  }),
  'GET /api/pages/tasks/{slug}': page(async (request, url) => {
    const { value, refusal } = await maybe(request, `/api/internships/boards/${url.pathname.split('/').at(-1)}`, [403, 404])
    return { ...(await frame(request)), board: value, refusal }
  }),
  'GET /api/pages/dashboard': page(async (request) => ({
    ...(await frame(request, true)),
    courses: await part(request, '/api/courses'),
    enrolments: await part(request, '/api/enrolments/mine'),
    referral_summary: await part(request, '/api/referrals/summary'),
    reward_entries: await part(request, '/api/referrals/entries'),
    internship: await part(request, '/api/internships/me'),
  })),
  'GET /api/pages/account': page(async (request) => ({
    ...(await frame(request, true)),
    preferences: await part(request, '/api/notifications/preferences'),
  })),
  'GET /api/pages/internship/{slug}': page(async (request, url) => {
    const domain = await part(request, `/api/internships/domains/${url.pathname.split('/').at(-1)}`)
    return { ...(await frame(request, true)), domain }
  }),
  'GET /api/pages/invoice/{token}': page(async (request, url) => ({
    ...(await frame(request)),
    check: await part(request, `/api/invoices/${url.pathname.split('/').at(-1)}`),
  })),
}

/** The page handler for "METHOD /path", `{…}` segments matching one segment (verify's: the rest). */
export function pageHandlerFor(key: string): Handler | undefined {
  if (pageHandlers[key]) return pageHandlers[key]
  for (const [pattern, handler] of Object.entries(pageHandlers)) {
    if (!pattern.includes('{')) continue
    const prefix = pattern.slice(0, pattern.indexOf('{'))
    const rest = key.slice(prefix.length)
    if (key.startsWith(prefix) && rest.length > 0 && (pattern.endsWith('{id}') || !rest.includes('/'))) return handler
  }
  return undefined
}
