import createClient, { type Middleware } from 'openapi-fetch'

import type { paths } from '@/api/schema'
import { parseCookies } from '@/lib/cookies'

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/** One of the browser's cookies, decoded (none on the server). */
export function readCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined
  const value = parseCookies(document.cookie).get(name)
  return value === undefined ? undefined : decodeURIComponent(value)
}

/**
 * Pages served by Django set the `csrftoken` cookie. Only when it is missing (vite dev, or
 * cleared cookies) ask the API for one; the token is read afresh for every write, since
 * Django rotates it at login. A failure here is left to the write itself to report.
 */
async function csrfToken(): Promise<string | undefined> {
  const existing = readCookie('csrftoken')
  if (existing) return existing
  try {
    const response = await globalThis.fetch(
      new Request(new URL('/api/auth/csrf', window.location.origin), {
        credentials: 'same-origin',
        headers: { Accept: 'application/json' },
      }),
    )
    if (!response.ok) return undefined
    const body: unknown = await response.json()
    const token = body && typeof body === 'object' && 'csrf_token' in body ? body.csrf_token : undefined
    return readCookie('csrftoken') ?? (typeof token === 'string' ? token : undefined)
  } catch {
    return undefined
  }
}

/**
 * Django's CSRF protection: in the browser, echo the `csrftoken` cookie in a header on every
 * write. On the server the action sends the token its form carried (src/server/api-scope).
 */
const csrfMiddleware: Middleware = {
  async onRequest({ request }) {
    if (!import.meta.env.SSR && UNSAFE_METHODS.has(request.method)) {
      const token = await csrfToken()
      if (token) request.headers.set('X-CSRFToken', token)
    }
    return request
  },
}

type Transport = (request: Request) => Promise<Response>

let serverTransport: Transport | undefined

/**
 * On the server (entry.server.tsx) the client's requests go to Django's internal address
 * through the request's scope, with the visitor's cookies and address (src/server/api-scope).
 */
export function setServerTransport(transport: Transport): void {
  serverTransport = transport
}

/*
 * In the browser the API is this page's own origin, spelled out (as csrfToken() does): a
 * path alone is only a URL where a document resolves it, and the tests' fetch (Node's, under
 * jsdom) has no document to resolve it against.
 */
export const apiClient = createClient<paths>({
  baseUrl: import.meta.env.SSR ? (process.env.DJANGO_URL ?? 'http://127.0.0.1:8001').replace(/\/$/, '') : window.location.origin,
  credentials: 'same-origin',
  headers: { Accept: 'application/json' },
  // Resolve fetch at call time: the server's transport, and the tests' network (MSW), come after the client.
  fetch: (request) => (serverTransport ?? globalThis.fetch)(request),
})
apiClient.use(csrfMiddleware)

/** Every error the API sends: `{"message": str, "extra": {...}}`. */
export class ApiError extends Error {
  readonly status: number
  /** Field errors keyed by field name (from `extra.fields`). */
  readonly fields: Record<string, string>
  /** Seconds to wait, on 429 answers (from `extra.retry_after`). */
  readonly retryAfter?: number
  /** Everything else the envelope's `extra` carried (e.g. an existing enrolment's reference). */
  readonly extra: Record<string, unknown>

  constructor(
    status: number,
    message: string,
    fields: Record<string, string> = {},
    retryAfter?: number,
    extra: Record<string, unknown> = {},
  ) {
    super(message)
    this.name = 'ApiError'
    this.status = status
    this.fields = fields
    this.retryAfter = retryAfter
    this.extra = extra
  }
}

const NETWORK_MESSAGE = 'We could not reach the server. Check your connection and try again.'
const FALLBACK_MESSAGE = 'Something went wrong on our side. Please try again.'

function toFields(value: unknown): Record<string, string> {
  if (!value || typeof value !== 'object') return {}
  const fields: Record<string, string> = {}
  for (const [key, message] of Object.entries(value)) {
    if (typeof message === 'string') fields[key] = message
    else if (Array.isArray(message) && typeof message[0] === 'string') fields[key] = message[0]
  }
  return fields
}

/** Turn whatever came back (an error envelope, an HTML error page, nothing) into an ApiError. */
export function toApiError(body: unknown, response?: Response): ApiError {
  const status = response?.status ?? 0
  if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string') {
    const extra = 'extra' in body && body.extra && typeof body.extra === 'object' ? (body.extra as Record<string, unknown>) : {}
    const retryAfter = typeof extra.retry_after === 'number' ? extra.retry_after : undefined
    return new ApiError(status, body.message, toFields(extra.fields), retryAfter, extra)
  }
  return new ApiError(status, status === 0 ? NETWORK_MESSAGE : FALLBACK_MESSAGE)
}

/**
 * Unwrap an openapi-fetch result: the data, or a thrown ApiError. A network failure
 * (fetch rejecting) also becomes an ApiError with status 0.
 */
export async function unwrap<T>(
  call: Promise<{ data?: T; error?: unknown; response: Response }>,
): Promise<T> {
  let result: { data?: T; error?: unknown; response: Response }
  try {
    result = await call
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause
    throw new ApiError(0, NETWORK_MESSAGE)
  }
  if (result.error !== undefined || !result.response.ok) throw toApiError(result.error, result.response)
  return result.data as T
}
