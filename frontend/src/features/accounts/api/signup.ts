import type { CodeSent, SignupIn, SignupOut } from '@/features/accounts/types'
import { apiClient, unwrap } from '@/lib/api-client'

/** Sign-up does not log in (the visitor logs in next). */
export async function signup(body: SignupIn): Promise<SignupOut> {
  return unwrap(apiClient.POST('/api/auth/signup', { body }))
}

/** Whether the answer asks for the code (the form passed; no account yet). */
export function isCodeSent(answer: SignupOut): answer is CodeSent {
  return 'expires_in' in answer
}
