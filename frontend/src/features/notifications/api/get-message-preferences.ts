import { queryOptions, useQuery } from '@tanstack/react-query'

import type { components } from '@/api/schema'
import { apiClient, unwrap } from '@/lib/api-client'
import { PAGE_DATA_FRESH_MS } from '@/lib/page-fresh'

export type MessagePreferences = components['schemas']['MessagePreferencesOut']

export const messagePreferencesKey = ['notifications', 'preferences'] as const

export function getMessagePreferences(signal?: AbortSignal): Promise<MessagePreferences> {
  return unwrap(apiClient.GET('/api/notifications/preferences', { signal }))
}

/** The logged-in student's WhatsApp consent and a channel per kind of message. */
export function messagePreferencesQueryOptions() {
  return queryOptions({
    queryKey: messagePreferencesKey,
    queryFn: ({ signal }) => getMessagePreferences(signal),
    staleTime: PAGE_DATA_FRESH_MS,
  })
}

export function useMessagePreferences() {
  return useQuery(messagePreferencesQueryOptions())
}
