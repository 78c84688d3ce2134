import { useMemo } from 'react'
import { matchRoutes, useLocation } from 'react-router'

import { routes, type RouteEntry } from '@/config/paths'

// Matched like <AppRoutes> matches them (same paths, case-sensitive), for the layout above
// the page as well as the page.
const table = routes.map((route) => ({ path: route.path, caseSensitive: true, route }))

/** The routes.json entry for `pathname` (undefined for the not-found page). */
export function routeForPath(pathname: string): RouteEntry | undefined {
  return matchRoutes(table, pathname)?.[0]?.route.route
}

/** The routes.json entry of the page being shown (undefined on the not-found page). */
export function useCurrentRoute(): RouteEntry | undefined {
  const { pathname } = useLocation()
  return useMemo(() => routeForPath(pathname), [pathname])
}
