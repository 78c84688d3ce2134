import { useState } from 'react'

import type { FormFailure } from '@/lib/form-result'

/** A new code was sent: `resendAfter` seconds from `sentAt` (ms since the epoch). */
type Resent = { resendAfter: number; sentAt: number }

type ResendAnswers = {
  /** The step's latest answer (any of its forms'): the time is worked out again only when it changes. */
  result: unknown
  /** The answer to "Resend code" when a new code went out. */
  resent?: Resent
  /** The answer to "Resend code" when it was refused (a 429 says how long to wait). */
  refused?: FormFailure
}

/**
 * When "Resend code" may be pressed again on a code step (ms since the epoch, for
 * useCountdown): from the page's address (`resendAt`, seconds since the epoch) until the
 * step's forms answer, then from the latest answer: a new code (its resend_after from when
 * it was sent) or a 429 (its Retry-After from when the server answered). Fixed for each
 * answer, so that other renders (typing in the code field) do not move it.
 */
export function useResendUntil(resendAt: number | undefined, { result, resent, refused }: ResendAnswers): number | undefined {
  let until = resendAt !== undefined ? resendAt * 1000 : undefined
  if (resent) until = resent.sentAt + resent.resendAfter * 1000
  else if (refused?.status === 429 && refused.retryAfter !== undefined && refused.answeredAt !== undefined)
    until = refused.answeredAt + refused.retryAfter * 1000
  const [fixed, setFixed] = useState(until)
  const [seen, setSeen] = useState(result)
  if (seen !== result) {
    setSeen(result)
    setFixed(until)
  }
  return fixed
}
