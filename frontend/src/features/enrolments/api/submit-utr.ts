import type { Enrolment } from '@/features/enrolments/types'
import { apiClient, unwrap } from '@/lib/api-client'

export type SubmitUtrInput = { reference: string; utr: string }

/** The payment's UTR for staff to match (the course pages' action sends it). */
export async function submitUtr({ reference, utr }: SubmitUtrInput): Promise<Enrolment> {
  return unwrap(apiClient.POST('/api/enrolments/{reference}/utr', { params: { path: { reference } }, body: { utr } }))
}
