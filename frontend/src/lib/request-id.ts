import { createContext } from 'react'

/**
 * The id of the request that rendered the page (server/observability.mjs makes it and
 * Django logs its API calls under it): error pages show it so a visitor can quote it to
 * staff, who find the log lines and the Sentry event by it. Provided by entry.server.tsx
 * and, for the same page once hydrated, by entry.client.tsx (read back from the page).
 */
export const RequestIdContext = createContext<string | null>(null)

/** The element's id on the page that holds it (components/ui/request-reference.tsx). */
export const REQUEST_ID_ELEMENT = 'request-id'

/** The id the server printed on an error page, for hydrating it unchanged. */
export function requestIdOnPage(): string | null {
  if (typeof document === 'undefined') return null
  return document.getElementById(REQUEST_ID_ELEMENT)?.textContent || null
}
