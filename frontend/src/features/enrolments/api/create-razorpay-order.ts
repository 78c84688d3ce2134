import type { components } from '@/api/schema'
import { apiClient, unwrap } from '@/lib/api-client'

export type RazorpayCheckout = components['schemas']['RazorpayCheckoutOut']

/**
 * "Pay ₹N online": the enrolment's Razorpay order (made on the first press, the same one
 * after) and what Checkout opens with; by the private link's token on /e/<token>.
 */
export async function createRazorpayOrder({ reference, token }: { reference: string; token?: string }): Promise<RazorpayCheckout> {
  if (token) {
    return unwrap(apiClient.POST('/api/enrolments/private/{token}/razorpay-order', { params: { path: { token } } }))
  }
  return unwrap(apiClient.POST('/api/enrolments/{reference}/razorpay-order', { params: { path: { reference } } }))
}
