import { queryOptions, useQuery } from '@tanstack/react-query'

import type { components } from '@/api/schema'
import { apiClient, unwrap } from '@/lib/api-client'

export type InternshipDomain = components['schemas']['InternshipDomainOut']

export const internshipDomainsKey = ['internship-domains'] as const

export function getInternshipDomains(signal?: AbortSignal): Promise<InternshipDomain[]> {
  return unwrap(apiClient.GET('/api/internships', { signal }))
}

export function internshipDomainsQueryOptions() {
  return queryOptions({
    queryKey: internshipDomainsKey,
    queryFn: ({ signal }) => getInternshipDomains(signal),
  })
}

export function useInternshipDomains() {
  return useQuery(internshipDomainsQueryOptions())
}
