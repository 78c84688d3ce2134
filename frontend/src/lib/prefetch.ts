import { dehydrate, type DehydratedState, type FetchQueryOptions, type QueryKey } from '@tanstack/react-query'

import { ApiError } from '@/lib/api-client'
import { createQueryClient } from '@/lib/query-client'

/** An ApiError as it travels in a loader's data (plain fields; revived by revivePageQueries). */
type SentApiError = { apiError: true; status: number; message: string; fields: Record<string, string>; retryAfter?: number; extra: Record<string, unknown> }

function isSentApiError(value: unknown): value is SentApiError {
  return typeof value === 'object' && value !== null && (value as { apiError?: unknown }).apiError === true
}

/**
 * A loader's data for the page's queries: each one fetched through the typed client (on
 * the server, from Django with the visitor's cookies), sent with the page and hydrated
 * into the browser's query cache (root.tsx), so the components render at once. The API's
 * refusals travel too (a certificate that does not exist, a course withdrawn), so the page
 * says so in the HTML; a query that failed otherwise is left for the browser to retry.
 */
export async function prefetch(...queries: { queryKey: QueryKey; queryFn?: unknown }[]): Promise<DehydratedState> {
  const client = createQueryClient()
  // Each query has its own data type; prefetching only needs its key and function.
  await Promise.all(queries.map((query) => client.prefetchQuery({ ...(query as FetchQueryOptions), retry: false })))
  const state = dehydrate(client, {
    shouldDehydrateQuery: (query) =>
      query.state.status === 'success' || (query.state.error instanceof ApiError && query.state.error.status > 0),
  })
  // The same page for every visitor within the minute a shared cache keeps it (a time to
  // the millisecond would make each render differ): the answers' times to the minute.
  const minute = Math.floor(Date.now() / 60_000) * 60_000
  for (const query of state.queries) {
    query.dehydratedAt = minute
    if (query.state.dataUpdatedAt) query.state = { ...query.state, dataUpdatedAt: minute }
    if (query.state.errorUpdatedAt) query.state = { ...query.state, errorUpdatedAt: minute }
    const error = query.state.error
    if (error instanceof ApiError) {
      const sent: SentApiError = {
        apiError: true,
        status: error.status,
        message: error.message,
        fields: error.fields,
        retryAfter: error.retryAfter,
        extra: error.extra,
      }
      query.state = { ...query.state, error: sent as unknown as Error }
    }
  }
  return state
}

/** The queries as the cache takes them: refusals become ApiErrors again. */
export function revivePageQueries(state: DehydratedState, receivedAt?: number): DehydratedState {
  return {
    ...state,
    queries: state.queries.map((query) => {
      // A shared page's answers carry their time to the minute (see prefetch): counted from
      // when this loader data arrived instead, so that a newer answer (the account after a
      // login in the same minute) is never taken for an older one and ignored.
      const fresh = receivedAt === undefined ? query : stampedAt(query, receivedAt)
      const error: unknown = fresh.state.error
      if (!isSentApiError(error)) return fresh
      const revived = new ApiError(error.status, error.message, error.fields, error.retryAfter, error.extra)
      return { ...fresh, state: { ...fresh.state, error: revived } }
    }),
  }
}

type DehydratedQuery = DehydratedState['queries'][number]

function stampedAt(query: DehydratedQuery, receivedAt: number): DehydratedQuery {
  const state = { ...query.state }
  if (state.dataUpdatedAt) state.dataUpdatedAt = Math.max(state.dataUpdatedAt, receivedAt)
  if (state.errorUpdatedAt) state.errorUpdatedAt = Math.max(state.errorUpdatedAt, receivedAt)
  return { ...query, state, dehydratedAt: Math.max(query.dehydratedAt ?? 0, receivedAt) }
}
