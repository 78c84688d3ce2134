import { queryOptions, useQuery } from '@tanstack/react-query'

import { ApiError, apiClient, unwrap } from '@/lib/api-client'
import type { components } from '@/api/schema'

export type User = components['schemas']['UserOut']

export const meKey = ['auth', 'me'] as const

/** The logged-in account, or null for a visitor (the API answers 401). */
export async function getMe(signal?: AbortSignal): Promise<User | null> {
  try {
    return await unwrap(apiClient.GET('/api/auth/me', { signal }))
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null
    throw error
  }
}

/**
 * Who is logged in. The root loader sends the answer with every page (null for a visitor),
 * so the header and the access checks know at once. Login and logout write the new answer
 * into this query.
 */
export function meQueryOptions() {
  return queryOptions({ queryKey: meKey, queryFn: ({ signal }) => getMe(signal), staleTime: 5 * 60 * 1000 })
}

export function useMe() {
  return useQuery(meQueryOptions())
}
