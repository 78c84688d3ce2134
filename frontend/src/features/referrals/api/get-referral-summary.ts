import type { components } from '@/api/schema'

export type ReferralSummary = components['schemas']['ReferralSummaryOut']
export type PayoutRequest = components['schemas']['PayoutRequestOut']
export type HeldReward = components['schemas']['HeldRewardOut']
