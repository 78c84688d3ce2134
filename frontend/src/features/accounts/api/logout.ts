import { useMutation, useQueryClient } from '@tanstack/react-query'

import type { components } from '@/api/schema'
import { meKey, type User } from '@/features/accounts/api/get-me'
import { apiClient, unwrap, type ApiError } from '@/lib/api-client'

export type LogoutOut = components['schemas']['MessageOut']

export async function logout(): Promise<LogoutOut> {
  return unwrap(apiClient.POST('/api/auth/logout'))
}

function isMeKey(key: readonly unknown[]): boolean {
  return key.length === meKey.length && key.every((part, index) => part === meKey[index])
}

/**
 * On success nobody is logged in: the "who is logged in" query becomes null and every
 * other cached answer is dropped, so nothing of the account outlives its session.
 */
export function useLogout() {
  const queryClient = useQueryClient()
  return useMutation<LogoutOut, ApiError, void>({
    mutationFn: logout,
    onSuccess: () => {
      queryClient.setQueryData<User | null>(meKey, null)
      queryClient.removeQueries({ predicate: (query) => !isMeKey(query.queryKey) })
    },
  })
}
