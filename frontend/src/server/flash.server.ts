import { parseCookies } from '@/lib/cookies'
import { setResponseCookie } from '@/server/api-scope.server'

/**
 * One-time messages carried across a redirect to the page the visitor lands on (the
 * Post/Redirect/Get pattern), with or without JavaScript: the action names the message
 * in a short-lived cookie, the root loader reads it once and deletes it. The cookie holds
 * only a message's name; the words are ours (FLASHES), never what the cookie says.
 */
export const FLASH_COOKIE = 'flash'

export const FLASHES = {
  // docs/product.md section 3: shown where sign-up lands the student, word for word.
  'signed-up': 'Successfully signed up',
} as const

export type Flash = keyof typeof FLASHES

/** The message goes with this answer (a redirect) and is shown on the next page. */
export function setFlash(flash: Flash): void {
  setResponseCookie(`${FLASH_COOKIE}=${flash}; Path=/; Max-Age=120; HttpOnly; SameSite=Lax`)
}

/** The message waiting for this visitor, taken (its cookie deleted with this answer), or null. */
export function takeFlash(request: Request): string | null {
  const name = parseCookies(request.headers.get('Cookie')).get(FLASH_COOKIE)
  if (name === undefined) return null
  setResponseCookie(`${FLASH_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`)
  return Object.hasOwn(FLASHES, name) ? FLASHES[name as Flash] : null
}
