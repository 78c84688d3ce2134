import { queryOptions, useQuery } from '@tanstack/react-query'

import { apiClient, unwrap } from '@/lib/api-client'
import type { Course } from '@/features/catalog/api/get-courses'

export const courseByRouteKey = (path: string) => ['courses', 'by-route', path] as const

/** The course (or bootcamp) whose page is at `path`; an ApiError with status 404 when none is. */
export function getCourseByRoute(path: string, signal?: AbortSignal): Promise<Course> {
  return unwrap(apiClient.GET('/api/courses/by-route', { params: { query: { path } }, signal }))
}

export function courseByRouteQueryOptions(path: string) {
  return queryOptions({
    queryKey: courseByRouteKey(path),
    queryFn: ({ signal }) => getCourseByRoute(path, signal),
  })
}

export function useCourseByRoute(path: string) {
  return useQuery(courseByRouteQueryOptions(path))
}
