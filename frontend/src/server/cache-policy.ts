/**
 * Which pages a shared cache (nginx, a CDN) may keep, and for how long (docs/product.md
 * section 17). A route module opts in with `export const handle = { sharing: 'page' }`
 * (or `'verify'`); entry.server.tsx writes the route's Cache-Control and the root
 * middleware (api-scope.server.ts) takes it back to private whenever the answer is not the
 * same for every visitor: a session cookie, a cookie set, a non-GET, a status other than
 * 200 and 404, or an answer from Django that is not one to share (a refusal such as 429).
 */

/** Django's session cookie (SESSION_COOKIE_NAME's default); nginx bypasses its cache with it. */
export const SESSION_COOKIE = 'sessionid'

/**
 * Django's word that it answered with a visitor's session (core.middleware
 * .SessionSeenMiddleware): a page built on such an answer is that visitor's own.
 */
export const SESSION_HEADER = 'X-Session'

/**
 * A Cookie header this server and Django could read differently, so that whether it
 * holds a session cannot be told here: any byte outside printable ASCII. Node reads the
 * header as latin-1 and trims with JavaScript's trim(); Django decodes UTF-8 and strips
 * with Python's str.strip(), which also removes U+0085, U+00A0, U+2028 and the ASCII
 * separators 0x1C-0x1F (`\xc2\x85sessionid=…` is a session there and none here). Such
 * a header is refused sharing rather than guessed at; browsers never send one for this
 * site's own cookies.
 */
export function cookieHeaderAmbiguous(header: string | null | undefined): boolean {
  return /[^\x20-\x7e]/.test(header ?? '')
}

export type Sharing = 'page' | 'verify'

/** What a route module's `handle` may say. */
export type SharingHandle = { sharing?: Sharing }

/**
 * How long a shared cache keeps a page: SHARED_CACHE_SECONDS (60, never more: a revocation
 * must reach everyone within a minute; the nginx test sets a few seconds).
 */
function sharedSeconds(): number {
  const seconds = Math.floor(Number(process.env.SHARED_CACHE_SECONDS ?? 60))
  return Number.isFinite(seconds) && seconds >= 1 ? Math.min(seconds, 60) : 60
}

function shared(sharing: Sharing): string {
  const seconds = sharedSeconds()
  // A page: fresh for that long, then served stale while one request renders it again.
  if (sharing === 'page') return `public, max-age=0, s-maxage=${seconds}, stale-while-revalidate=600`
  // A verify page: nothing kept longer, nothing stale.
  return `public, max-age=0, s-maxage=${seconds}`
}

/** For one visitor only (a signed-in visitor's pages). */
export const PRIVATE = 'private, no-cache'
/** Never kept (posts, errors). */
export const NO_STORE = 'private, no-store'

export function sharedCacheControl(sharing: Sharing): string {
  return shared(sharing)
}

/** Whether an answer marked shareable may go out as it is. */
export function mayShare({
  method,
  status,
  hasSession,
  setsCookie,
  djangoAgreed,
}: {
  method: string
  status: number
  hasSession: boolean
  setsCookie: boolean
  djangoAgreed: boolean
}): boolean {
  return (method === 'GET' || method === 'HEAD') && (status === 200 || status === 404) && !hasSession && !setsCookie && djangoAgreed
}

/** A page render's answer from Django that a shared page may be built on: success, 401 (a visitor) and 404. */
export function shareableAnswer(status: number): boolean {
  return (status >= 200 && status < 300) || status === 401 || status === 404
}
