import type { components } from '@/api/schema'
import type { Enrolment } from '@/features/enrolments/types'
import { apiClient, unwrap } from '@/lib/api-client'

export type RazorpayReturn = components['schemas']['RazorpayVerifyIn']

/** Checkout's handler's three fields: the server checks the signature and confirms the payment. */
export async function verifyRazorpayPayment(body: RazorpayReturn): Promise<Enrolment> {
  return unwrap(apiClient.POST('/api/payments/razorpay/verify', { body }))
}
