import type { components } from '@/api/schema'
import { apiClient, unwrap } from '@/lib/api-client'

export type LoginIn = components['schemas']['LoginIn']
export type LoginOut = components['schemas']['LoginOut']

export async function login(body: LoginIn): Promise<LoginOut> {
  return unwrap(apiClient.POST('/api/auth/login', { body }))
}
