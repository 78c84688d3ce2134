import { AsyncLocalStorage } from 'node:async_hooks'

import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { createContext, type MiddlewareFunction, type RouterContextProvider } from 'react-router'

import { OutagePage } from '@/app/outage-page'
import { parseCookies, REFERRAL_COOKIE, REFERRAL_COOKIE_SECONDS, referralCodeOf } from '@/lib/cookies'

import {
  cookieHeaderAmbiguous,
  mayShare,
  NO_STORE,
  PRIVATE,
  SESSION_COOKIE,
  SESSION_HEADER,
  shareableAnswer,
} from '@/server/cache-policy'
import { contentSecurityPolicy } from '@/server/security-policy'

/**
 * How loaders and actions reach the Django JSON API on the server: the same typed client
 * as in the browser (src/lib/api-client.ts), whose requests go to Django's internal address
 * with what identifies the visitor — their cookies, their address (X-Forwarded-For, which
 * Django trusts from this one hop), the host and scheme they used (X-Forwarded-Host and
 * -Proto, so Django's CSRF origin check and absolute links see the public site).
 *
 * A page's forms carry no CSRF token (a shared copy of the page must be the same for every
 * visitor): server.mjs refuses a post from another site by its Origin (or Sec-Fetch-Site)
 * before any action runs, and an action's writes then satisfy Django's CSRF check as the
 * browser's own requests do, with the visitor's `csrftoken` cookie echoed in X-CSRFToken
 * (asked of GET /api/auth/csrf first when the visitor has none).
 *
 * One scope per request (apiScopeMiddleware, the root route's middleware): cookies Django
 * sets (a new session at login, the CSRF cookie) apply to the later calls of the same
 * request and are passed on to the browser with the page. The middleware also has the last
 * word on the page's Cache-Control (src/server/cache-policy.ts).
 */

/** What the server knows of the visitor, from the express request (server.mjs). */
export type Visitor = {
  /** The visitor's IP address as the Node server determined it (express `req.ip`). */
  address: string
  /** `https` or `http`, as the visitor used it. */
  protocol: string
  /** The Host the visitor asked for. */
  host: string
  /** The request's id (server/observability.mjs): Django logs its API calls under it. */
  requestId?: string
}

export const visitorContext = createContext<Visitor | null>(null)

type Scope = {
  cookies: Map<string, string>
  setCookies: string[]
  visitor: Visitor
  origin?: string
  referer?: string
  memo: Map<string, Promise<unknown>>
  /** False once Django answered anything a shared page must not be built on (a 429, a 500). */
  shareable: boolean
  /** Django said its database is unreachable (503), or could not be reached at all. */
  outage: boolean
  /** Django answered with a visitor's session (X-Session: 1, core.middleware.SessionSeenMiddleware). */
  sawSession: boolean
}
/** Seconds a visitor is told to wait while the site's database is unreachable. */
export const OUTAGE_RETRY_AFTER = 30

/** Answers that mean the site is down for a moment, not that the request was wrong. */
const OUTAGE_STATUSES = new Set([502, 503, 504])

/**
 * The page a request gets when one of its API calls met an outage: a short "back in a
 * moment", status 503 with Retry-After, instead of a page whose data quietly failed.
 */
function outageResponse(requestId: string | undefined): Response {
  const html = `<!doctype html>${renderToStaticMarkup(createElement(OutagePage, { requestId: requestId ?? null }))}`
  return new Response(html, {
    status: 503,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      'Content-Security-Policy': contentSecurityPolicy(),
      'Retry-After': String(OUTAGE_RETRY_AFTER),
    },
  })
}


const scopes = new AsyncLocalStorage<Scope>()

/** A Set-Cookie header's name and value, and whether it deletes the cookie. */
export function readSetCookie(header: string): { name: string; value: string; deleted: boolean } | undefined {
  const [pair = '', ...attributes] = header.split(';')
  const index = pair.indexOf('=')
  if (index <= 0) return undefined
  const expired = attributes.some((attribute) => {
    const [key = '', value = ''] = attribute.split('=').map((s) => s.trim())
    if (key.toLowerCase() === 'max-age') return Number(value) <= 0
    if (key.toLowerCase() === 'expires') return Date.parse(value) < Date.now()
    return false
  })
  return { name: pair.slice(0, index).trim(), value: pair.slice(index + 1).trim(), deleted: expired }
}

function visitorFrom(request: Request, context: Readonly<RouterContextProvider>): Visitor {
  let visitor: Visitor | null
  try {
    visitor = context.get(visitorContext)
  } catch {
    visitor = null
  }
  if (visitor) return visitor
  // `react-router dev` has no express request: the URL is all there is.
  const url = new URL(request.url)
  return { address: '127.0.0.1', protocol: url.protocol.replace(':', ''), host: url.host }
}

/** The root route's server middleware: every loader and action below runs in the scope. */
export const apiScopeMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const scope: Scope = {
    cookies: parseCookies(request.headers.get('Cookie')),
    setCookies: [],
    visitor: visitorFrom(request, context),
    origin: request.headers.get('Origin') ?? undefined,
    referer: request.headers.get('Referer') ?? undefined,
    memo: new Map(),
    shareable: true,
    outage: false,
    sawSession: false,
  }
  const response = await scopes.run(scope, next)
  if (scope.outage) return outageResponse(scope.visitor.requestId)
  // Signed in as Django saw it; our own reading of the Cookie header only ever adds to it,
  // and a header the two servers could read differently is never shared (cookieHeaderAmbiguous).
  const hasSession =
    scope.sawSession || scope.cookies.has(SESSION_COOKIE) || cookieHeaderAmbiguous(request.headers.get('Cookie'))
  // nginx stores nothing that carries it, whatever the Cache-Control (deploy/nginx/site.conf).
  if (scope.sawSession) response.headers.set(SESSION_HEADER, '1')
  // The answer to a `?ref=` address sets the referral cookie, and is then private (mayShare below).
  const referral = referralCookie(request, scope.visitor)
  if (referral) scope.setCookies.push(referral)
  for (const cookie of scope.setCookies) response.headers.append('Set-Cookie', cookie)
  const wanted = response.headers.get('Cache-Control') ?? ''
  if (!wanted.startsWith('public')) {
    if (!wanted) response.headers.set('Cache-Control', request.method === 'GET' ? PRIVATE : NO_STORE)
  } else if (
    !mayShare({
      method: request.method,
      status: response.status,
      hasSession,
      setsCookie: response.headers.has('Set-Cookie'),
      djangoAgreed: scope.shareable,
    })
  ) {
    response.headers.set('Cache-Control', hasSession && response.status < 400 ? PRIVATE : NO_STORE)
  }
  // Answers that are not a rendered page (redirects, navigation data) get the strict policy.
  if (!response.headers.has('Content-Security-Policy')) response.headers.set('Content-Security-Policy', contentSecurityPolicy())
  return response
}

/**
 * A cookie of this server's own (not Django's) for the browser, sent with the request's
 * answer (src/server/flash.server.ts); an answer that sets one is never shared.
 */
export function setResponseCookie(header: string): void {
  // Outside a request's scope (an action run by a test harness) there is no answer to carry it.
  scopes.getStore()?.setCookies.push(header)
}

/**
 * The friend's code of a `?ref=` address (any page, or its navigation data) as a cookie for
 * REFERRAL_COOKIE_SECONDS, or undefined for an address without one. Readable by the page's
 * script (not HttpOnly): the enrolment form is filled from it after a client navigation.
 */
function referralCookie(request: Request, visitor: Visitor): string | undefined {
  if (request.method !== 'GET' && request.method !== 'HEAD') return undefined
  const code = referralCodeOf(new URL(request.url).searchParams.get('ref'))
  if (!code) return undefined
  const secure = visitor.protocol === 'https' ? '; Secure' : ''
  return `${REFERRAL_COOKIE}=${code}; Max-Age=${REFERRAL_COOKIE_SECONDS}; Path=/; SameSite=Lax${secure}`
}

/** The referral code the visitor's cookie keeps (a `?ref=` address of the last 30 days), or ''. */
export function referralCodeFromCookie(): string {
  const value = scopes.getStore()?.cookies.get(REFERRAL_COOKIE)
  return referralCodeOf(value ? decodeURIComponent(value) : '')
}

/** Whether the visitor sent a session cookie (without one nobody is logged in: no need to ask). */
export function hasSessionCookie(): boolean {
  return scopes.getStore()?.cookies.has(SESSION_COOKIE) ?? true
}

export function djangoUrl(): string {
  return (process.env.DJANGO_URL ?? 'http://127.0.0.1:8001').replace(/\/$/, '')
}

/**
 * The visitor's CSRF token for an action's write: their `csrftoken` cookie, or, for a
 * visitor without one (a shared page sets no cookie), a new one from Django, which goes
 * to the browser with the answer.
 */
async function csrfToken(scope: Scope): Promise<string | undefined> {
  const existing = scope.cookies.get('csrftoken')
  if (existing) return existing
  await send(scope, new Request(`${djangoUrl()}/api/auth/csrf`, { headers: { Accept: 'application/json' } }))
  return scope.cookies.get('csrftoken')
}

/** The fetch the typed client uses on the server (registered by entry.server.tsx). */
export async function serverFetch(input: Request): Promise<Response> {
  const scope = scopes.getStore()
  if (!scope) throw new Error('An API call on the server outside a request (apiScopeMiddleware did not run).')
  const headers = new Headers(input.headers)
  if (input.method !== 'GET' && input.method !== 'HEAD') {
    const token = await csrfToken(scope)
    if (token) headers.set('X-CSRFToken', token)
    headers.set('Origin', scope.origin ?? `${scope.visitor.protocol}://${scope.visitor.host}`)
    if (scope.referer) headers.set('Referer', scope.referer)
  }
  return send(scope, new Request(input, { headers }))
}

async function send(scope: Scope, input: Request): Promise<Response> {
  const headers = new Headers(input.headers)
  const cookie = [...scope.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
  if (cookie) headers.set('Cookie', cookie)
  headers.set('X-Forwarded-For', scope.visitor.address)
  headers.set('X-Forwarded-Host', scope.visitor.host)
  headers.set('X-Forwarded-Proto', scope.visitor.protocol)
  if (scope.visitor.requestId) headers.set('X-Request-ID', scope.visitor.requestId)
  let response: Response
  try {
    response = await fetch(new Request(input, { headers, redirect: 'manual' }))
  } catch (error) {
    scope.shareable = false
    scope.outage = true
    throw error
  }
  if (!shareableAnswer(response.status)) scope.shareable = false
  if (response.headers.has(SESSION_HEADER)) scope.sawSession = true
  if (OUTAGE_STATUSES.has(response.status)) scope.outage = true
  const setCookies = response.headers.getSetCookie()
  // A new session (login, logout) changes who is logged in: ask again after it.
  if (setCookies.length > 0) scope.memo.clear()
  for (const header of setCookies) {
    const parsed = readSetCookie(header)
    if (!parsed) continue
    if (parsed.deleted) scope.cookies.delete(parsed.name)
    else scope.cookies.set(parsed.name, parsed.value)
    scope.setCookies.push(header)
  }
  return response
}

/** `load()`'s answer, asked once per request however many loaders need it. */
export function oncePerRequest<T>(key: string, load: () => Promise<T>): Promise<T> {
  const scope = scopes.getStore()
  if (!scope) return load()
  let answer = scope.memo.get(key) as Promise<T> | undefined
  if (!answer) {
    answer = load()
    scope.memo.set(key, answer)
  }
  return answer
}
