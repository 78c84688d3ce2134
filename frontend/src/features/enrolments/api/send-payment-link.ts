import { apiClient, unwrap } from '@/lib/api-client'

export type SendPaymentLinkInput = { course: string; phone: string }

/**
 * "Send me my payment link": the private link of the phone's open enrolment in the course
 * goes to that enrolment's own phone. The answer is the same sentence whoever asks.
 */
export async function sendPaymentLink(body: SendPaymentLinkInput): Promise<{ message: string }> {
  return unwrap(apiClient.POST('/api/enrolments/payment-link', { body }))
}
