import type { components } from '@/api/schema'

export type PayoutRequestCreateIn = components['schemas']['PayoutRequestCreateIn']
export type ReferralSummary = components['schemas']['ReferralSummaryOut']
export type PayoutRequest = components['schemas']['PayoutRequestOut']
export type HeldReward = components['schemas']['HeldRewardOut']
export type RewardEntry = components['schemas']['RewardEntryOut']
export type RewardEntryKind = 'credit' | 'reversal' | 'payout'
