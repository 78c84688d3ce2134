import type { components } from '@/api/schema'
import type { Enrolment } from '@/features/enrolments/api/get-my-enrolments'
import { apiClient, unwrap } from '@/lib/api-client'

export type EnrolmentCreateIn = components['schemas']['EnrolmentCreateIn']

/** A pending enrolment with its payment instructions (the course pages' action sends it). */
export async function createEnrolment(body: EnrolmentCreateIn): Promise<Enrolment> {
  return unwrap(apiClient.POST('/api/enrolments', { body }))
}
