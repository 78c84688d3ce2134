import type { Enrolment, EnrolmentCreateIn } from '@/features/enrolments/types'
import { apiClient, unwrap } from '@/lib/api-client'

/** A pending enrolment with its payment instructions (the course pages' action sends it). */
export async function createEnrolment(body: EnrolmentCreateIn): Promise<Enrolment> {
  return unwrap(apiClient.POST('/api/enrolments', { body }))
}
