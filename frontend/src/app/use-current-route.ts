import { useMatches } from 'react-router'

import type { RouteHandle } from '@/app/router'
import type { RouteEntry } from '@/config/paths'

/** The routes.json entry of the page being shown (undefined on the not-found page). */
export function useCurrentRoute(): RouteEntry | undefined {
  const matches = useMatches()
  return (matches.at(-1)?.handle as RouteHandle | undefined)?.route
}
