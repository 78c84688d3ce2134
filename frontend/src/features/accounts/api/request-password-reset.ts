import type { components } from '@/api/schema'
import type { PasswordResetOut } from '@/features/accounts/types'
import { apiClient, unwrap } from '@/lib/api-client'

/** Sends a reset code (and an email link) when the phone has an account; the answer never says. */
export async function requestPasswordReset(body: components['schemas']['PhoneIn']): Promise<PasswordResetOut> {
  return unwrap(apiClient.POST('/api/auth/password-reset', { body }))
}
