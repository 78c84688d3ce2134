import { queryOptions, useQuery } from '@tanstack/react-query'

import type { components } from '@/api/schema'
import { apiClient, unwrap } from '@/lib/api-client'

export type ProgrammeRow = components['schemas']['ProgrammeRowOut']

export const programmeKey = ['programme'] as const

export function getProgramme(signal?: AbortSignal): Promise<ProgrammeRow[]> {
  return unwrap(apiClient.GET('/api/programme', { signal }))
}

export function programmeQueryOptions() {
  return queryOptions({ queryKey: programmeKey, queryFn: ({ signal }) => getProgramme(signal) })
}

export function useProgramme() {
  return useQuery(programmeQueryOptions())
}
