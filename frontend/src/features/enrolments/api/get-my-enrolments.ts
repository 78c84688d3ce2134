import { queryOptions, useQuery } from '@tanstack/react-query'

import type { components } from '@/api/schema'
import { apiClient, unwrap } from '@/lib/api-client'
import { PAGE_DATA_FRESH_MS } from '@/lib/page-fresh'

export type Enrolment = components['schemas']['EnrolmentOut']
export type EnrolmentStatus = 'pending' | 'paid_claimed' | 'confirmed' | 'rejected'

export const enrolmentsKey = ['enrolments'] as const
export const myEnrolmentsKey = [...enrolmentsKey, 'mine'] as const

export function getMyEnrolments(signal?: AbortSignal): Promise<Enrolment[]> {
  return unwrap(apiClient.GET('/api/enrolments/mine', { signal }))
}

/** The logged-in account's enrolments, newest first (only ask when someone is logged in). */
export function myEnrolmentsQueryOptions() {
  // Payment status changes when staff act: every visit's loader asks again.
  return queryOptions({ queryKey: myEnrolmentsKey, queryFn: ({ signal }) => getMyEnrolments(signal), staleTime: PAGE_DATA_FRESH_MS })
}

export function useMyEnrolments({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...myEnrolmentsQueryOptions(), enabled })
}
