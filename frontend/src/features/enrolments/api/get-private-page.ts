import type { EnrolmentPrivatePage } from '@/features/enrolments/types'
import { apiClient, unwrap } from '@/lib/api-client'

/** /e/<token>'s data: the enrolment whose private payment link this is (404 for any other token). */
export async function getPrivatePage(token: string): Promise<EnrolmentPrivatePage> {
  return unwrap(apiClient.GET('/api/pages/enrolment/{token}', { params: { path: { token } } }))
}
