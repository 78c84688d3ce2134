import type { components } from '@/api/schema'
import { apiClient, unwrap } from '@/lib/api-client'

/** Ends every session of the account but this one. */
export async function logoutOthers(): Promise<components['schemas']['MessageOut']> {
  return unwrap(apiClient.POST('/api/auth/account/logout-others'))
}
