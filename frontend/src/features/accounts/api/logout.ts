import type { components } from '@/api/schema'
import { apiClient, unwrap } from '@/lib/api-client'

export type LogoutOut = components['schemas']['MessageOut']

export async function logout(): Promise<LogoutOut> {
  return unwrap(apiClient.POST('/api/auth/logout'))
}
