import { queryOptions, useQuery } from '@tanstack/react-query'

import type { components } from '@/api/schema'
import { apiClient, unwrap } from '@/lib/api-client'

export type PolicyPage = components['schemas']['PolicyPageOut']
export type PolicySlug = 'terms' | 'privacy' | 'refund'

export const policyPageKey = (slug: PolicySlug) => ['policies', slug] as const

/** `body_html` is sanitised on the server (nh3) before it is sent. */
export function getPolicyPage(slug: PolicySlug, signal?: AbortSignal): Promise<PolicyPage> {
  return unwrap(apiClient.GET('/api/policies/{slug}', { params: { path: { slug } }, signal }))
}

export function policyPageQueryOptions(slug: PolicySlug) {
  return queryOptions({ queryKey: policyPageKey(slug), queryFn: ({ signal }) => getPolicyPage(slug, signal) })
}

export function usePolicyPage(slug: PolicySlug) {
  return useQuery(policyPageQueryOptions(slug))
}
