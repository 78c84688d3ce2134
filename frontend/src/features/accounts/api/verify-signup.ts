import type { components } from '@/api/schema'
import type { SignupVerifyIn } from '@/features/accounts/types'
import { apiClient, unwrap } from '@/lib/api-client'

/** The code sent at sign-up: the account exists once the API accepts it. */
export async function verifySignup(body: SignupVerifyIn): Promise<components['schemas']['MessageOut']> {
  return unwrap(apiClient.POST('/api/auth/signup/verify', { body }))
}
