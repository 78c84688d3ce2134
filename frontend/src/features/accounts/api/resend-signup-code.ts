import type { components } from '@/api/schema'
import { apiClient, unwrap } from '@/lib/api-client'

/** A new sign-up code for the pending sign-up (429 with retry_after while the last one is fresh). */
export async function resendSignupCode(body: components['schemas']['PhoneIn']): Promise<components['schemas']['CodeSentOut']> {
  return unwrap(apiClient.POST('/api/auth/signup/resend', { body }))
}
