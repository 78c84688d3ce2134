import { queryOptions, useQuery } from '@tanstack/react-query'

import { ApiError, apiClient, unwrap } from '@/lib/api-client'
import { readBootstrap, type UserOut } from '@/lib/bootstrap'

export type User = UserOut

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
 * Who is logged in. The server writes the answer into the page (`bootstrap.user`, null
 * for a visitor), so the header and the access checks know at once; without it (vite dev)
 * the query asks the API. Login and logout write the new answer into this query; the
 * shell keeps it observed, so it never falls back to the page's first answer.
 */
export function meQueryOptions() {
  const bootstrap = readBootstrap()
  const embedded = 'user' in bootstrap ? (bootstrap.user ?? null) : undefined
  return queryOptions({
    queryKey: meKey,
    queryFn: ({ signal }) => getMe(signal),
    initialData: embedded,
    // The session changes through login and logout here, which write the answer directly.
    staleTime: 5 * 60 * 1000,
  })
}

export function useMe() {
  return useQuery(meQueryOptions())
}
