import { queryOptions, useQuery } from '@tanstack/react-query'

import type { components } from '@/api/schema'
import { referralsKey } from '@/features/referrals/api/get-referral-summary'
import { apiClient, unwrap } from '@/lib/api-client'
import { PAGE_DATA_FRESH_MS } from '@/lib/page-fresh'

export type RewardEntry = components['schemas']['RewardEntryOut']
export type RewardEntryKind = 'credit' | 'reversal' | 'payout'

export const rewardEntriesKey = [...referralsKey, 'entries'] as const

export function getRewardEntries(signal?: AbortSignal): Promise<RewardEntry[]> {
  return unwrap(apiClient.GET('/api/referrals/entries', { signal }))
}

export function rewardEntriesQueryOptions() {
  return queryOptions({ queryKey: rewardEntriesKey, queryFn: ({ signal }) => getRewardEntries(signal), staleTime: PAGE_DATA_FRESH_MS })
}

/** The account's reward ledger (credits, reversals, payouts), newest first. */
export function useRewardEntries() {
  return useQuery(rewardEntriesQueryOptions())
}
