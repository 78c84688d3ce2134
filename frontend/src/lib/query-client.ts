import { QueryClient } from '@tanstack/react-query'

import { ApiError } from '@/lib/api-client'

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Site content changes rarely; don't refetch on every focus on a slow network.
        staleTime: 5 * 60 * 1000,
        refetchOnWindowFocus: false,
        // A refusal the page arrived with (404, 410) stands until the visitor asks again.
        retryOnMount: false,
        retry: (failureCount, error) => {
          if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false
          return failureCount < 2
        },
      },
      mutations: { retry: false },
    },
  })
}
