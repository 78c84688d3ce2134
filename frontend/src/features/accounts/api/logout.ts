import type { QueryClient } from '@tanstack/react-query'

import type { components } from '@/api/schema'
import { meKey, type User } from '@/features/accounts/api/get-me'
import { apiClient, unwrap } from '@/lib/api-client'

export type LogoutOut = components['schemas']['MessageOut']

export async function logout(): Promise<LogoutOut> {
  return unwrap(apiClient.POST('/api/auth/logout'))
}

function isMeKey(key: readonly unknown[]): boolean {
  return key.length === meKey.length && key.every((part, index) => part === meKey[index])
}

/**
 * After a logout nobody is logged in: the "who is logged in" query becomes null and every
 * other cached answer is dropped, so nothing of the account outlives its session.
 */
export function forgetAccount(queryClient: QueryClient): void {
  queryClient.setQueryData<User | null>(meKey, null)
  queryClient.removeQueries({ predicate: (query) => !isMeKey(query.queryKey) })
}
