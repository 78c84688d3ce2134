import { queryOptions, useQuery } from '@tanstack/react-query'

import { enrolmentsKey, type Enrolment } from '@/features/enrolments/api/get-my-enrolments'
import { apiClient, unwrap } from '@/lib/api-client'

export const enrolmentKey = (reference: string) => [...enrolmentsKey, 'one', reference] as const

export function getEnrolment(reference: string, signal?: AbortSignal): Promise<Enrolment> {
  return unwrap(apiClient.GET('/api/enrolments/{reference}', { params: { path: { reference } }, signal }))
}

/** One enrolment made in this browser (or by the logged-in account); 404 otherwise. */
export function enrolmentQueryOptions(reference: string) {
  return queryOptions({
    queryKey: enrolmentKey(reference),
    queryFn: ({ signal }) => getEnrolment(reference, signal),
    // Fresh from the POST that made or changed it; a page load asks the server again.
    staleTime: 30_000,
  })
}

export function useEnrolment(reference: string | undefined) {
  return useQuery({ ...enrolmentQueryOptions(reference ?? ''), enabled: Boolean(reference) })
}
