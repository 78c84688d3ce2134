import type { Enrolment } from '@/features/enrolments/types'
import { apiClient, unwrap } from '@/lib/api-client'

/** The payment's UTR, sent from the enrolment's private link (/e/<token>): no account needed. */
export async function submitPrivateUtr({ token, utr }: { token: string; utr: string }): Promise<Enrolment> {
  return unwrap(apiClient.POST('/api/enrolments/private/{token}/utr', { params: { path: { token } }, body: { utr } }))
}
