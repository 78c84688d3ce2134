import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { useEffect, useState, type ReactNode } from 'react'
import { useRevalidator } from 'react-router'

import { ApiError } from '@/lib/api-client'
import { usePageFrame } from '@/lib/page-data'
import { createQueryClient } from '@/lib/query-client'

/**
 * A 401 from anything the browser sent after the page loaded means the session has ended
 * (it expired, or the account logged out in another tab) while the page still thinks
 * someone is logged in: the page's loader runs again, so the header offers Login again and
 * pages needing an account send the visitor to log in (with `next`) instead of showing
 * "could not load" in every section.
 */
function useSessionEnd(client: QueryClient) {
  const loggedIn = Boolean(usePageFrame()?.visitor)
  const { revalidate } = useRevalidator()
  useEffect(() => {
    if (!loggedIn) return undefined
    function onError(error: unknown) {
      if (error instanceof ApiError && error.status === 401) void revalidate()
    }
    const stopQueries = client.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') onError(event.action.error)
    })
    const stopMutations = client.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') onError(event.action.error)
    })
    return () => {
      stopQueries()
      stopMutations()
    }
  }, [client, loggedIn, revalidate])
}

/** Listens for the end of the session (see useSessionEnd); renders nothing. */
function SessionEnd({ client }: { client: QueryClient }) {
  useSessionEnd(client)
  return null
}

/**
 * React Query, for what the browser itself sends after the page has loaded (the staff's
 * certificate upload, with its progress): only the pages that do so load it. Every page's
 * data comes from its loader.
 */
export function BrowserRequests({ children }: { children: ReactNode }) {
  const [client] = useState(createQueryClient)
  return (
    <QueryClientProvider client={client}>
      <SessionEnd client={client} />
      {children}
    </QueryClientProvider>
  )
}
