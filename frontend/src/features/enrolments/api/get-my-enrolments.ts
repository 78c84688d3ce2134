import type { components } from '@/api/schema'

/** An enrolment as the API describes it (the page data's `enrolments`). */
export type Enrolment = components['schemas']['EnrolmentOut']
export type EnrolmentStatus = 'pending' | 'paid_claimed' | 'confirmed' | 'rejected'
