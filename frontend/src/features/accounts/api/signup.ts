import type { components } from '@/api/schema'
import { apiClient, unwrap } from '@/lib/api-client'

export type SignupIn = components['schemas']['SignupIn']
/** 202: a code was sent (the account exists once it is entered); 201: signed up at once (PHONE_VERIFICATION off). */
export type SignupOut = components['schemas']['CodeSentOut'] | components['schemas']['MessageOut']
export type CodeSent = components['schemas']['CodeSentOut']

/** Sign-up does not log in (the visitor logs in next). */
export async function signup(body: SignupIn): Promise<SignupOut> {
  return unwrap(apiClient.POST('/api/auth/signup', { body }))
}

/** Whether the answer asks for the code (the form passed; no account yet). */
export function isCodeSent(answer: SignupOut): answer is CodeSent {
  return 'expires_in' in answer
}
