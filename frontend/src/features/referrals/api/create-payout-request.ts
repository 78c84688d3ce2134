import type { PayoutRequest, PayoutRequestCreateIn } from '@/features/referrals/types'
import { apiClient, unwrap } from '@/lib/api-client'

/**
 * Ask for the whole balance to be paid to a UPI ID (the dashboard's action sends it; the
 * figures then come again with the page's loader).
 */
export async function createPayoutRequest(body: PayoutRequestCreateIn): Promise<PayoutRequest> {
  return unwrap(apiClient.POST('/api/referrals/payouts', { body }))
}
