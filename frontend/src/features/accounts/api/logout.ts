import type { LogoutOut } from '@/features/accounts/types'
import { apiClient, unwrap } from '@/lib/api-client'

export async function logout(): Promise<LogoutOut> {
  return unwrap(apiClient.POST('/api/auth/logout'))
}
