import type { components } from '@/api/schema'
import type { User } from '@/features/accounts/types'
import { apiClient, unwrap } from '@/lib/api-client'

/** The logged-in account's name and email. */
export async function updateAccount(body: components['schemas']['AccountUpdateIn']): Promise<User> {
  return unwrap(apiClient.PATCH('/api/auth/account', { body }))
}
