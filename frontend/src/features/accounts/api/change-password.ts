import type { components } from '@/api/schema'
import { apiClient, unwrap } from '@/lib/api-client'

/** This session stays logged in; every other session of the account ends. */
export async function changePassword(body: components['schemas']['PasswordChangeIn']): Promise<components['schemas']['MessageOut']> {
  return unwrap(apiClient.POST('/api/auth/account/password', { body }))
}
