import { queryOptions, useQuery } from '@tanstack/react-query'

import type { components } from '@/api/schema'
import { apiClient, unwrap } from '@/lib/api-client'

export type ProjectPackage = components['schemas']['ProjectPackageOut']

export const projectPackagesKey = ['project-packages'] as const

export function getProjectPackages(signal?: AbortSignal): Promise<ProjectPackage[]> {
  return unwrap(apiClient.GET('/api/projects', { signal }))
}

export function projectPackagesQueryOptions() {
  return queryOptions({
    queryKey: projectPackagesKey,
    queryFn: ({ signal }) => getProjectPackages(signal),
  })
}

export function useProjectPackages() {
  return useQuery(projectPackagesQueryOptions())
}
