import type { WaitlistEntry, WaitlistJoinIn } from '@/features/enrolments/types'
import { apiClient, unwrap } from '@/lib/api-client'

/** "Join the waitlist" of a course whose batch is full, or which has no batch open. */
export async function joinWaitlist(course: string, body: WaitlistJoinIn): Promise<WaitlistEntry> {
  return unwrap(apiClient.POST('/api/courses/{slug}/waitlist', { params: { path: { slug: course } }, body }))
}
