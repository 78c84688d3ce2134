import { apiClient, readCookie, unwrap } from '@/lib/api-client'

/**
 * Pages served by Django set the `csrftoken` cookie, and the API client echoes it on every
 * write (reading the cookie afresh each time, since Django rotates it at login). Only when
 * the cookie is missing (vite dev, or cleared cookies) do we ask for one first.
 */
export async function ensureCsrfCookie(): Promise<void> {
  if (readCookie('csrftoken')) return
  await unwrap(apiClient.GET('/api/auth/csrf'))
}
