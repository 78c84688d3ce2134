import { queryOptions, useQuery } from '@tanstack/react-query'

import type { components } from '@/api/schema'
import { apiClient, unwrap } from '@/lib/api-client'

export type Course = components['schemas']['CourseOut']

export const coursesKey = ['courses'] as const

/** Every active course, in the order staff set (the bootcamp included, `is_bootcamp`). */
export function getCourses(signal?: AbortSignal): Promise<Course[]> {
  return unwrap(apiClient.GET('/api/courses', { signal }))
}

export function coursesQueryOptions() {
  return queryOptions({
    queryKey: coursesKey,
    queryFn: ({ signal }) => getCourses(signal),
  })
}

export function useCourses() {
  return useQuery(coursesQueryOptions())
}
