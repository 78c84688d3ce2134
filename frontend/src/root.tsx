import { HydrationBoundary, QueryClientProvider, type DehydratedState } from '@tanstack/react-query'
import { useMemo, useState, type ReactNode } from 'react'
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useMatches } from 'react-router'

import type { Route } from './+types/root'
import type { RootData } from '@/lib/root-data'
import { RouteError } from '@/app/route-error'
import { SiteLayout } from '@/app/root-layout'
import { NotFoundPage } from '@/app/not-found-page'
import { meQueryOptions } from '@/features/accounts/api/get-me'
import { siteSettingsQueryOptions } from '@/features/catalog/api/get-site-settings'
import { SessionEnd } from '@/app/provider'
import { prefetch, revivePageQueries } from '@/lib/prefetch'
import { createQueryClient } from '@/lib/query-client'
import { apiScopeMiddleware } from '@/server/api-scope.server'
import { currentUser } from '@/server/session.server'

// The page's one stylesheet, as a URL: rendered first in the head (React puts a stylesheet
// with a precedence ahead of the scripts' modulepreloads), so it never queues behind them.
import stylesheet from '@/index.css?url'

export const middleware: Route.MiddlewareFunction[] = [apiScopeMiddleware]

export async function loader(): Promise<RootData> {
  const dehydrated = await prefetch(siteSettingsQueryOptions(), { ...meQueryOptions(), queryFn: currentUser })
  return { dehydrated, siteUrl: (process.env.SITE_URL ?? '').replace(/\/$/, '') }
}

export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <link rel="stylesheet" href={stylesheet} precedence="default" />
        <meta name="theme-color" content="#0f3d5c" />
        <meta name="color-scheme" content="light" />
        <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  )
}

/** When each loader's data arrived here: the same data keeps its time across navigations. */
const arrivals = new WeakMap<DehydratedState, number>()

function arrivedAt(state: DehydratedState): number {
  const known = arrivals.get(state)
  if (known !== undefined) return known
  const now = Date.now()
  arrivals.set(state, now)
  return now
}

/** Every loader's queries, from the root down, in one state for the query cache. */
function usePageQueries(): DehydratedState {
  const matches = useMatches()
  return useMemo(() => {
    const states = matches
      .map((match) => (match.loaderData as { dehydrated?: DehydratedState } | undefined)?.dehydrated)
      .filter((state): state is DehydratedState => state !== undefined)
    const queries = states.flatMap((state) => revivePageQueries(state, arrivedAt(state)).queries)
    return { mutations: [], queries }
  }, [matches])
}

export default function App() {
  const [client] = useState(createQueryClient)
  const state = usePageQueries()
  return (
    <QueryClientProvider client={client}>
      <SessionEnd client={client} />
      <HydrationBoundary state={state}>
        <SiteLayout>
          <Outlet />
        </SiteLayout>
      </HydrationBoundary>
    </QueryClientProvider>
  )
}

/** Pages that fail keep the header and footer; unknown paths get the not-found page. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const [client] = useState(createQueryClient)
  const notFound = isRouteErrorResponse(error) && error.status === 404
  if (!notFound) console.error(error)
  return (
    <QueryClientProvider client={client}>
      <SiteLayout>{notFound ? <NotFoundPage /> : <RouteError />}</SiteLayout>
    </QueryClientProvider>
  )
}
