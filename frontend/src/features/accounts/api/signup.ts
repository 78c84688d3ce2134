import type { components } from '@/api/schema'
import { apiClient, unwrap } from '@/lib/api-client'

export type SignupIn = components['schemas']['SignupIn']
export type SignupOut = components['schemas']['MessageOut']

/** Sign-up does not log in (the visitor logs in next). */
export async function signup(body: SignupIn): Promise<SignupOut> {
  return unwrap(apiClient.POST('/api/auth/signup', { body }))
}
