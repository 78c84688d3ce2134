import type { components } from '@/api/schema'
import type { PasswordResetConfirmIn } from '@/features/accounts/types'
import { apiClient, unwrap } from '@/lib/api-client'

/** The new password, with the SMS code (phone and code) or the email link's uid and token. */
export async function confirmPasswordReset(body: PasswordResetConfirmIn): Promise<components['schemas']['MessageOut']> {
  return unwrap(apiClient.POST('/api/auth/password-reset/confirm', { body }))
}
