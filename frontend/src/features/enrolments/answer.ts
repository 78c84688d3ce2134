import type { FormFailure } from '@/lib/form-result'

/** The forms of a course page's enrolment section, told apart by the `intent` field. */
export type EnrolmentIntent = 'enrol' | 'utr' | 'payment-link' | 'waitlist'

/**
 * A course page's action answer (src/app/enrolment-action.server.ts) when it does not
 * redirect: a UTR accepted, or the API's refusal of either form. It names the enrolment it
 * is about by its reference: the one whose UTR was sent, or, on a 409, the visitor's own
 * open enrolment in the course. The enrolment itself is in the page's data (its loader ran
 * again after the action), never in the answer.
 */
export type EnrolmentAnswer =
  | { ok: true; intent: EnrolmentIntent; reference: string; message?: string }
  | (FormFailure & { intent: EnrolmentIntent; reference?: string })
