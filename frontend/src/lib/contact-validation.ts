/**
 * Checks of contact details shared by every form that asks for them (sign-up, login,
 * enrolment), worded like the server, which still decides.
 */

export const CONTACT_MESSAGES = {
  phoneRequired: 'Enter your phone number.',
  phoneInvalid: 'Enter a valid Indian mobile number, for example 98765 43210.',
  email: 'Enter a valid email address.',
} as const

// An Indian mobile number: 10 digits starting 6-9, optionally after +91, 91 or 0, with
// spaces, dashes, dots or brackets anywhere ("98765 43210", "+91 98765-43210", "09876543210").
const MOBILE = /^(?:\+?91|0)?[6-9]\d{9}$/
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@.]{2,}$/

export function phoneError(raw: string): string | undefined {
  const value = raw.trim()
  if (!value) return CONTACT_MESSAGES.phoneRequired
  const compact = value.replace(/[\s\-.()]/g, '')
  return MOBILE.test(compact) ? undefined : CONTACT_MESSAGES.phoneInvalid
}

/** An email address that looks deliverable; empty is the caller's decision. */
export function isEmail(raw: string): boolean {
  return EMAIL.test(raw.trim())
}
