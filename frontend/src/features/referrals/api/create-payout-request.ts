import { useMutation, useQueryClient } from '@tanstack/react-query'

import type { components } from '@/api/schema'
import { referralsKey, type PayoutRequest } from '@/features/referrals/api/get-referral-summary'
import { apiClient, unwrap, type ApiError } from '@/lib/api-client'

export type PayoutRequestCreateIn = components['schemas']['PayoutRequestCreateIn']

/** Ask for the whole balance to be paid to a UPI ID. */
export async function createPayoutRequest(body: PayoutRequestCreateIn): Promise<PayoutRequest> {
  return unwrap(apiClient.POST('/api/referrals/payouts', { body }))
}

export function useCreatePayoutRequest() {
  const queryClient = useQueryClient()
  return useMutation<PayoutRequest, ApiError, PayoutRequestCreateIn>({
    mutationFn: createPayoutRequest,
    // The figures and the ledger change (pending payout, balance, can_request_payout);
    // waiting for the refetch keeps the button busy until the new figures are on screen.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: referralsKey }),
    // 409: a request is already waiting or there is nothing to pay, so our figures are
    // out of date (another tab, or staff acted): fetch them again.
    onError: (error) => {
      if (error.status === 409) void queryClient.invalidateQueries({ queryKey: referralsKey })
    },
  })
}
