import { queryOptions, useQuery } from '@tanstack/react-query'

import type { components } from '@/api/schema'
import { apiClient, unwrap } from '@/lib/api-client'
import { PAGE_DATA_FRESH_MS } from '@/lib/page-fresh'

export type MyInternship = components['schemas']['InternshipsMineOut']
export type IssuedCertificate = MyInternship['certificates'][number]

export const myInternshipKey = ['internships', 'mine'] as const

export function getMyInternship(signal?: AbortSignal): Promise<MyInternship> {
  return unwrap(apiClient.GET('/api/internships/me', { signal }))
}

/**
 * The logged-in account's applications and internship certificates (only ask when someone
 * is logged in). Staff decide applications and issue certificates: every visit's loader
 * asks again.
 */
export function myInternshipQueryOptions() {
  return queryOptions({ queryKey: myInternshipKey, queryFn: ({ signal }) => getMyInternship(signal), staleTime: PAGE_DATA_FRESH_MS })
}

export function useMyInternship() {
  return useQuery(myInternshipQueryOptions())
}
