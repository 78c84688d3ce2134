/**
 * Phone numbers on the code steps (sign-up and forgotten password). The API answers with
 * the number in E.164 (+919876543210); pages show it masked and carry it in their URL, so
 * a reload keeps the step (the password never travels there).
 */

const E164_INDIA = /^\+91([6-9]\d{9})$/

/** "+91 98xxxxx210", as the API's own message shows it; anything else as it came. */
export function maskPhone(phone: string): string {
  const national = E164_INDIA.exec(phone)?.[1]
  if (!national) return phone
  return `+91 ${national.slice(0, 2)}xxxxx${national.slice(7)}`
}

/** "98765 43210", the way the login form's hint writes a number. */
export function nationalPhone(phone: string): string {
  const national = E164_INDIA.exec(phone)?.[1]
  return national ? `${national.slice(0, 5)} ${national.slice(5)}` : phone
}

/**
 * A typed Indian mobile number in E.164, or undefined when it is not one ("98765 43210",
 * "+91 98765-43210" and "09876543210" all give "+919876543210").
 */
export function toE164(raw: string): string | undefined {
  const compact = raw.trim().replace(/[\s\-.()]/g, '')
  const match = /^(?:\+?91|0)?([6-9]\d{9})$/.exec(compact)
  return match ? `+91${match[1]}` : undefined
}

/**
 * The code step's address: the page, the phone and when a new code may be asked for
 * (seconds since the epoch, the server's clock: `resend` in the query).
 */
export function codeStepPath(pathname: string, phone: string, resendAfter: number, now = Date.now()): string {
  const resendAt = Math.ceil(now / 1000) + Math.max(0, Math.round(resendAfter))
  return `${pathname}?${new URLSearchParams({ phone, resend: String(resendAt) })}`
}

export type CodeStep = { phone: string; resendAt?: number }

/** The code step a page's URL names (`?phone=+91…&resend=…`), or undefined. */
export function codeStepOf(url: URL): CodeStep | undefined {
  const phone = url.searchParams.get('phone')
  if (!phone || !E164_INDIA.test(phone)) return undefined
  const resend = Number(url.searchParams.get('resend'))
  return { phone, resendAt: Number.isFinite(resend) && resend > 0 ? resend : undefined }
}
