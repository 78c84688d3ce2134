import type { LoginIn, LoginOut } from '@/features/accounts/types'
import { apiClient, unwrap } from '@/lib/api-client'

export async function login(body: LoginIn): Promise<LoginOut> {
  return unwrap(apiClient.POST('/api/auth/login', { body }))
}
