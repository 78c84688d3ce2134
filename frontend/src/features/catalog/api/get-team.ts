import { queryOptions, useQuery } from '@tanstack/react-query'

import type { components } from '@/api/schema'
import { apiClient, unwrap } from '@/lib/api-client'

export type TeamMember = components['schemas']['TeamMemberOut']

export const teamKey = ['team'] as const

export function getTeam(signal?: AbortSignal): Promise<TeamMember[]> {
  return unwrap(apiClient.GET('/api/team', { signal }))
}

export function teamQueryOptions() {
  return queryOptions({ queryKey: teamKey, queryFn: ({ signal }) => getTeam(signal) })
}

export function useTeam() {
  return useQuery(teamQueryOptions())
}
