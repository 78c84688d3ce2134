import { useMutation } from '@tanstack/react-query'

import type { components } from '@/api/schema'
import { apiClient, unwrap, type ApiError } from '@/lib/api-client'

export type SignupIn = components['schemas']['SignupIn']
export type SignupOut = components['schemas']['MessageOut']

export async function signup(body: SignupIn): Promise<SignupOut> {
  return unwrap(apiClient.POST('/api/auth/signup', { body }))
}

/** Sign-up does not log in (the visitor logs in next), so no query changes. */
export function useSignup() {
  return useMutation<SignupOut, ApiError, SignupIn>({ mutationFn: signup })
}
