import { queryOptions, useQuery } from '@tanstack/react-query'

import type { components } from '@/api/schema'
import { apiClient, unwrap } from '@/lib/api-client'

export type PortfolioItem = components['schemas']['PortfolioItemOut']

export const portfolioKey = ['portfolio'] as const

export function getPortfolio(signal?: AbortSignal): Promise<PortfolioItem[]> {
  return unwrap(apiClient.GET('/api/portfolio', { signal }))
}

export function portfolioQueryOptions() {
  return queryOptions({ queryKey: portfolioKey, queryFn: ({ signal }) => getPortfolio(signal) })
}

export function usePortfolio() {
  return useQuery(portfolioQueryOptions())
}
