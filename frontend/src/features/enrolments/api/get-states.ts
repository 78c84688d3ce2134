import { queryOptions, useQuery } from '@tanstack/react-query'

import type { components } from '@/api/schema'
import { apiClient, unwrap } from '@/lib/api-client'

export type State = components['schemas']['StateOut']

export const statesKey = ['enrolments', 'states'] as const

/** India's states and union territories by GST code: the enrolment form's state select. */
export function getStates(signal?: AbortSignal): Promise<State[]> {
  return unwrap(apiClient.GET('/api/enrolments/states', { signal }))
}

export function statesQueryOptions() {
  // The list changes with an Act of Parliament, not while a page is open.
  return queryOptions({ queryKey: statesKey, queryFn: ({ signal }) => getStates(signal), staleTime: Infinity })
}

export function useStates() {
  return useQuery(statesQueryOptions())
}
