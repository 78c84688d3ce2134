import { queryOptions, useQuery } from '@tanstack/react-query'

import type { components } from '@/api/schema'
import { apiClient, unwrap } from '@/lib/api-client'

export type ReferralSummary = components['schemas']['ReferralSummaryOut']
export type PayoutRequest = components['schemas']['PayoutRequestOut']

/** Every referral answer for the logged-in account; a payout request invalidates them all. */
export const referralsKey = ['referrals'] as const
export const referralSummaryKey = [...referralsKey, 'summary'] as const

export function getReferralSummary(signal?: AbortSignal): Promise<ReferralSummary> {
  return unwrap(apiClient.GET('/api/referrals/summary', { signal }))
}

export function referralSummaryQueryOptions() {
  // Staff confirm payments and pay requests in the admin, so every visit asks again.
  return queryOptions({ queryKey: referralSummaryKey, queryFn: ({ signal }) => getReferralSummary(signal), staleTime: 0 })
}

/** The dashboard's figures: successful referrals, earned, pending, paid, the balance. */
export function useReferralSummary() {
  return useQuery(referralSummaryQueryOptions())
}
