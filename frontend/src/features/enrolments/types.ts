import type { components } from '@/api/schema'

export type EnrolmentCreateIn = components['schemas']['EnrolmentCreateIn']
/** An enrolment as the API describes it (the page data's `enrolments`). */
export type Enrolment = components['schemas']['EnrolmentOut']
export type EnrolmentStatus = 'pending' | 'paid_claimed' | 'confirmed' | 'rejected'
export type EnrolmentPrivatePage = components['schemas']['EnrolmentPrivatePageData']
/** India's states and union territories by GST code: the enrolment form's state select (a course page's data). */
export type State = components['schemas']['StateOut']
/** A batch of the course as its page lists it (the page data's `batches`); never a meeting link. */
export type Batch = components['schemas']['BatchPlaceOut']
export type WaitlistJoinIn = components['schemas']['WaitlistJoinIn']
export type WaitlistEntry = components['schemas']['WaitlistEntryOut']
