import { queryOptions, useQuery } from '@tanstack/react-query'

import type { components } from '@/api/schema'
import { apiClient, unwrap } from '@/lib/api-client'

export type AboutPage = components['schemas']['AboutOut']

export const aboutKey = ['about'] as const

/** `body_html` is sanitised on the server (nh3) before it is sent. */
export function getAbout(signal?: AbortSignal): Promise<AboutPage> {
  return unwrap(apiClient.GET('/api/about', { signal }))
}

export function aboutQueryOptions() {
  return queryOptions({ queryKey: aboutKey, queryFn: ({ signal }) => getAbout(signal) })
}

export function useAbout() {
  return useQuery(aboutQueryOptions())
}
