import type { QueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'

import { meKey } from '@/features/accounts/api/get-me'
import { ApiError } from '@/lib/api-client'

/**
 * A 401 from any request means the session has ended (it expired, or the account logged
 * out in another tab) while the page still thinks someone is logged in: forget the account,
 * so that pages needing one send the visitor to log in (with `next`) instead of showing
 * "could not load" in every section, and the header offers Login again.
 */
function useSessionEnd(client: QueryClient) {
  useEffect(() => {
    function onError(error: unknown) {
      if (error instanceof ApiError && error.status === 401 && client.getQueryData(meKey)) client.setQueryData(meKey, null)
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
  }, [client])
}

/** Listens for the end of the session (see useSessionEnd); renders nothing. */
export function SessionEnd({ client }: { client: QueryClient }) {
  useSessionEnd(client)
  return null
}
