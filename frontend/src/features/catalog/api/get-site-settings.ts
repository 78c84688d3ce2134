import { queryOptions, useQuery } from '@tanstack/react-query'

import { apiClient, unwrap } from '@/lib/api-client'
import type { components } from '@/api/schema'

export type SiteSettings = components['schemas']['SiteOut']
export type SocialLink = SiteSettings['socials'][number]

export const siteSettingsKey = ['site'] as const

export function getSiteSettings(signal?: AbortSignal): Promise<SiteSettings> {
  return unwrap(apiClient.GET('/api/site', { signal }))
}

/** The root loader sends them with every page (root.tsx), for the header and footer. */
export function siteSettingsQueryOptions() {
  return queryOptions({ queryKey: siteSettingsKey, queryFn: ({ signal }) => getSiteSettings(signal), staleTime: Infinity })
}

export function useSiteSettings() {
  return useQuery(siteSettingsQueryOptions())
}
