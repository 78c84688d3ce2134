import { queryOptions, useQuery } from '@tanstack/react-query'

import { apiClient, unwrap } from '@/lib/api-client'
import { readBootstrap, type SiteSettings } from '@/lib/bootstrap'

export type { SiteSettings }
export type SocialLink = SiteSettings['socials'][number]

export const siteSettingsKey = ['site'] as const

export function getSiteSettings(signal?: AbortSignal): Promise<SiteSettings> {
  return unwrap(apiClient.GET('/api/site', { signal }))
}

/**
 * The settings the server embedded in the page are the initial data, so the header and
 * footer render at once; without them (vite dev) the query fetches.
 */
export function siteSettingsQueryOptions() {
  const embedded = readBootstrap().site
  return queryOptions({
    queryKey: siteSettingsKey,
    queryFn: ({ signal }) => getSiteSettings(signal),
    initialData: embedded,
    staleTime: embedded ? Infinity : 5 * 60 * 1000,
  })
}

export function useSiteSettings() {
  return useQuery(siteSettingsQueryOptions())
}
