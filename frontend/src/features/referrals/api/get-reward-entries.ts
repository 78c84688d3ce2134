import type { components } from '@/api/schema'

export type RewardEntry = components['schemas']['RewardEntryOut']
export type RewardEntryKind = 'credit' | 'reversal' | 'payout'
