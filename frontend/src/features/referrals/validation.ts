/** The server's check (referrals.services.UPI_ID_RE), so most mistakes show before sending. */
export const UPI_ID_RE = /^[a-zA-Z0-9._-]{2,256}@[a-zA-Z]{2,64}$/

export const UPI_ID_INVALID = 'Enter a valid UPI ID, for example name@bank.'

/** Spaces around the ID are dropped, as the server does. */
export function normaliseUpiId(raw: string): string {
  return raw.trim()
}

export function upiIdError(raw: string): string | undefined {
  return UPI_ID_RE.test(normaliseUpiId(raw)) ? undefined : UPI_ID_INVALID
}
