import { useMutation, useQueryClient } from '@tanstack/react-query'

import type { components } from '@/api/schema'
import { meKey, type User } from '@/features/accounts/api/get-me'
import { apiClient, unwrap, type ApiError } from '@/lib/api-client'

export type LoginIn = components['schemas']['LoginIn']
export type LoginOut = components['schemas']['LoginOut']

export async function login(body: LoginIn): Promise<LoginOut> {
  return unwrap(apiClient.POST('/api/auth/login', { body }))
}

/** On success the account becomes the answer of the "who is logged in" query. */
export function useLogin() {
  const queryClient = useQueryClient()
  return useMutation<LoginOut, ApiError, LoginIn>({
    mutationFn: login,
    onSuccess: (data) => {
      queryClient.setQueryData<User | null>(meKey, data.user)
    },
  })
}
