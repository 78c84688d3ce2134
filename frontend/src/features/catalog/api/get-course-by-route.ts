import { queryOptions, useQuery } from '@tanstack/react-query'

import { apiClient, unwrap } from '@/lib/api-client'
import { readBootstrap } from '@/lib/bootstrap'
import type { Course } from '@/features/catalog/api/get-courses'

export const courseByRouteKey = (path: string) => ['courses', 'by-route', path] as const

/** The course (or bootcamp) whose page is at `path`; an ApiError with status 404 when none is. */
export function getCourseByRoute(path: string, signal?: AbortSignal): Promise<Course> {
  return unwrap(apiClient.GET('/api/courses/by-route', { params: { query: { path } }, signal }))
}

/**
 * A course page arrives with its course (bootstrap.course): that is the initial data, so
 * the heading and fees render without waiting for a request; other paths fetch.
 */
export function courseByRouteQueryOptions(path: string) {
  const embedded = readBootstrap().course
  const initialData = embedded?.route === path ? embedded : undefined
  return queryOptions({
    queryKey: courseByRouteKey(path),
    queryFn: ({ signal }) => getCourseByRoute(path, signal),
    initialData,
    // As fresh as a course fetched when the page loaded: no second request for it at once.
    ...(initialData && { staleTime: 5 * 60 * 1000 }),
  })
}

export function useCourseByRoute(path: string) {
  return useQuery(courseByRouteQueryOptions(path))
}
