/**
 * A Cookie header (or `document.cookie`, the same `name=value; name=value` form) as a map
 * of names to their values, as sent (not decoded): the one cookie parser, for the server's
 * requests (src/server/api-scope.server.ts) and the browser's (readCookie in api-client).
 */
export function parseCookies(header: string | null | undefined): Map<string, string> {
  const cookies = new Map<string, string>()
  for (const part of (header ?? '').split(';')) {
    const index = part.indexOf('=')
    const name = index < 0 ? '' : part.slice(0, index).trim()
    if (name) cookies.set(name, part.slice(index + 1).trim())
  }
  return cookies
}

/**
 * The friend's referral code from a `?ref=` address, kept for 30 days (docs/product.md
 * section 4): the server sets it on the answer to that address, the enrolment form is
 * filled from it, and an enrolment whose field was left empty carries it.
 */
export const REFERRAL_COOKIE = 'ref'
export const REFERRAL_COOKIE_SECONDS = 30 * 24 * 60 * 60

/** A code as typed in a link ("irctp 2222"): without spaces, upper case; '' for anything that is not one. */
export function referralCodeOf(value: string | null | undefined): string {
  const code = (value ?? '').replace(/\s+/g, '').toUpperCase()
  return /^[A-Z0-9]{1,30}$/.test(code) ? code : ''
}
