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

export const sessionEnrolmentsKey = [...enrolmentsKey, 'session'] as const

export function getSessionEnrolments(signal?: AbortSignal): Promise<Enrolment[]> {
  return unwrap(apiClient.GET('/api/enrolments/session', { signal }))
}

/**
 * The enrolments made in this browser session, newest first: a visitor who is not logged
 * in finds their payment details again on the course page, with or without JavaScript.
 */
export function sessionEnrolmentsQueryOptions() {
  return queryOptions({ queryKey: sessionEnrolmentsKey, queryFn: ({ signal }) => getSessionEnrolments(signal), staleTime: PAGE_DATA_FRESH_MS })
}

/** The enrolments this visitor may see: the account's when logged in, else this session's. */
export function useVisibleEnrolments({ loggedIn }: { loggedIn: boolean }) {
  const mine = useQuery({ ...myEnrolmentsQueryOptions(), enabled: loggedIn })
  const session = useQuery({ ...sessionEnrolmentsQueryOptions(), enabled: !loggedIn })
  return loggedIn ? mine : session
}

/** What a course page's loader prefetches for the enrolment section. */
export function visibleEnrolmentsQueryOptions(loggedIn: boolean) {
  return loggedIn ? myEnrolmentsQueryOptions() : sessionEnrolmentsQueryOptions()
}
