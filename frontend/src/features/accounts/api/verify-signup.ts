import type { components } from '@/api/schema'
import { apiClient, unwrap } from '@/lib/api-client'

export type SignupVerifyIn = components['schemas']['SignupVerifyIn']

/** The code sent at sign-up: the account exists once the API accepts it. */
export async function verifySignup(body: SignupVerifyIn): Promise<components['schemas']['MessageOut']> {
  return unwrap(apiClient.POST('/api/auth/signup/verify', { body }))
}
