import type { Enrolment } from '@/features/enrolments/api/get-my-enrolments'
import type { FormFailure } from '@/lib/form-result'

/** The two forms of a course page's enrolment section, told apart by the `intent` field. */
export type EnrolmentIntent = 'enrol' | 'utr'

/**
 * A course page's action answer (src/app/enrolment-action.server.ts): the enrolment made or
 * updated, or the API's refusal. A refusal carries the enrolment when the page has one to
 * show: the visitor's own open enrolment on a 409, the enrolment whose UTR was refused.
 */
export type EnrolmentAnswer =
  | { ok: true; intent: EnrolmentIntent; enrolment: Enrolment }
  | (FormFailure & { intent: EnrolmentIntent; enrolment?: Enrolment })
