import type { ComponentType } from 'react'
import { createBrowserRouter, type RouteObject } from 'react-router'

import { RootLayout, RootLayoutFallback } from '@/app/root-layout'
import { RouteError } from '@/app/route-error'
import { routes, type RouteEntry } from '@/config/paths'

type PageModule = { Component: ComponentType }

// Every module in routes/ becomes its own chunk, loaded when its route is first visited.
const pages = import.meta.glob<PageModule>('./routes/*.tsx')

function loadPage(page: string) {
  const load = pages[`./routes/${page}.tsx`]
  if (!load) throw new Error(`routes.json names page "${page}" but src/app/routes/${page}.tsx does not exist.`)
  return async () => ({ Component: (await load()).Component })
}

export type RouteHandle = { route?: RouteEntry }

/** The route objects, shared by the browser router and the tests' memory router. */
export function createRouteObjects(): RouteObject[] {
  const pageRoutes = routes.map(
    (route): RouteObject => ({
      id: route.id,
      path: route.path,
      // Paths are exact: the server matches them case-sensitively too.
      caseSensitive: true,
      lazy: loadPage(route.page),
      handle: { route } satisfies RouteHandle,
    }),
  )
  return [
    {
      id: 'root',
      Component: RootLayout,
      HydrateFallback: RootLayoutFallback,
      ErrorBoundary: RouteError,
      children: [
        {
          // Pathless: a page that fails (e.g. its code cannot be downloaded) keeps the shell.
          ErrorBoundary: RouteError,
          children: [...pageRoutes, { id: 'not-found', path: '*', lazy: loadPage('not-found') }],
        },
      ],
    },
  ]
}

export function createAppRouter() {
  return createBrowserRouter(createRouteObjects())
}
