import { queryOptions, useQuery } from '@tanstack/react-query'

import { apiClient, unwrap } from '@/lib/api-client'
import type { CatalogEvent } from '@/features/catalog/api/get-events'

export const eventKey = (slug: string) => ['events', slug] as const

/** The events with a page of their own. */
export const eventSlugs = {
  hackathon: 'web-development-hackathon',
  bgmi: 'bgmi-tournaments',
} as const

export function getEvent(slug: string, signal?: AbortSignal): Promise<CatalogEvent> {
  return unwrap(apiClient.GET('/api/events/{slug}', { params: { path: { slug } }, signal }))
}

export function eventQueryOptions(slug: string) {
  return queryOptions({ queryKey: eventKey(slug), queryFn: ({ signal }) => getEvent(slug, signal) })
}

export function useEvent(slug: string) {
  return useQuery(eventQueryOptions(slug))
}
