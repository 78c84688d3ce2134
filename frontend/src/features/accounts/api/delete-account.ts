import type { components } from '@/api/schema'
import { apiClient, unwrap } from '@/lib/api-client'

/** Erases the account's personal data and ends the session (the password is asked again). */
export async function deleteAccount(body: components['schemas']['AccountDeleteIn']): Promise<components['schemas']['MessageOut']> {
  return unwrap(apiClient.POST('/api/auth/account/delete', { body }))
}

/** "Download my data": a JSON attachment, through the front door (a plain link works without JavaScript). */
export const ACCOUNT_DATA_PATH = '/api/auth/account/data'
