import { queryOptions, useQuery } from '@tanstack/react-query'

import type { components } from '@/api/schema'
import { apiClient, unwrap } from '@/lib/api-client'
import { PAGE_DATA_FRESH_MS } from '@/lib/page-fresh'

export type ReferralSummary = components['schemas']['ReferralSummaryOut']
export type PayoutRequest = components['schemas']['PayoutRequestOut']
export type HeldReward = components['schemas']['HeldRewardOut']

/** Every referral answer for the logged-in account; a payout request invalidates them all. */
export const referralsKey = ['referrals'] as const
export const referralSummaryKey = [...referralsKey, 'summary'] as const

export function getReferralSummary(signal?: AbortSignal): Promise<ReferralSummary> {
  return unwrap(apiClient.GET('/api/referrals/summary', { signal }))
}

export function referralSummaryQueryOptions() {
  // Staff confirm payments and pay requests in the admin: every visit's loader asks again.
  return queryOptions({ queryKey: referralSummaryKey, queryFn: ({ signal }) => getReferralSummary(signal), staleTime: PAGE_DATA_FRESH_MS })
}

/** The dashboard's figures: successful referrals, earned, on hold, pending, paid, payable. */
export function useReferralSummary() {
  return useQuery(referralSummaryQueryOptions())
}
