import { queryOptions, useQuery } from '@tanstack/react-query'

import type { components } from '@/api/schema'
import { apiClient, unwrap } from '@/lib/api-client'

export type EventList = components['schemas']['EventListOut']
export type CatalogEvent = components['schemas']['EventOut']
export type Tournament = components['schemas']['TournamentOut']

export const eventsKey = ['events'] as const

/** Events split by the server into upcoming and past, by today's date in India. */
export function getEvents(signal?: AbortSignal): Promise<EventList> {
  return unwrap(apiClient.GET('/api/events', { signal }))
}

export function eventsQueryOptions() {
  return queryOptions({ queryKey: eventsKey, queryFn: ({ signal }) => getEvents(signal) })
}

export function useEvents() {
  return useQuery(eventsQueryOptions())
}
