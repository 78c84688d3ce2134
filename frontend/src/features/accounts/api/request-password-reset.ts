import type { components } from '@/api/schema'
import { apiClient, unwrap } from '@/lib/api-client'

export type PasswordResetOut = components['schemas']['CodeSentOut']

/** Sends a reset code (and an email link) when the phone has an account; the answer never says. */
export async function requestPasswordReset(body: components['schemas']['PhoneIn']): Promise<PasswordResetOut> {
  return unwrap(apiClient.POST('/api/auth/password-reset', { body }))
}
