import type { ReactNode } from 'react'
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useMatches } from 'react-router'

import type { Route } from './+types/root'
import { useRootData, type RootData } from '@/lib/root-data'
import { Alert } from '@/components/ui/alert'
import { refusedFormMessage } from '@/app/form-refusal'
import { FormRefused, RouteError } from '@/app/route-error'
import { SiteLayout } from '@/app/root-layout'
import { NotFoundPage } from '@/app/not-found-page'
import { pageHydrates } from '@/lib/hydration'
import { useErrorFrame, usePageFrame } from '@/lib/page-data'
import { useHydrated } from '@/lib/use-hydrated'
import { apiScopeMiddleware } from '@/server/api-scope.server'
import { takeFlash } from '@/server/flash.server'

// The site's one stylesheet, as text (Vite's `?inline`): it is in every page's head, so the
// first paint waits for no second request (56 KB, 11 KB gzipped: the whole of it, smaller
// than picking out each page's critical part would save). The policy allows it by its hash
// (entry.server.tsx). Only the server's bundle carries the text: in the browser React finds
// the element the server sent by its href (a <style> with an href and a precedence is one
// React de-duplicates), so the app's scripts do not carry the same 11 KB again.
import siteStylesheet from '@/index.css?inline'

const STYLESHEET = import.meta.env.SSR ? siteStylesheet : ''

export const middleware: Route.MiddlewareFunction[] = [apiScopeMiddleware]

/**
 * Asks Django nothing: each page's loader brings the visitor and the site with its data.
 * A one-time message waiting in a cookie (sign-up's) is taken here, on whichever page the
 * visitor landed.
 */
export function loader({ request }: Route.LoaderArgs): RootData {
  return { siteUrl: (process.env.SITE_URL ?? '').replace(/\/$/, ''), flash: takeFlash(request) }
}

/**
 * The document. The scripts (hydration, scroll restoration, the modules' preloads) only on
 * a page whose route asks for them (src/lib/hydration.ts): every other page is complete as
 * the server sends it. Once a page has hydrated they stay, whichever page the app then
 * opens in place.
 */
export function Layout({ children }: { children: ReactNode }) {
  const hydrated = useHydrated()
  const hydrate = pageHydrates(useMatches()) || hydrated
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <style href="site-stylesheet" precedence="default">
          {STYLESHEET}
        </style>
        <meta name="theme-color" content="#0f3d5c" />
        <meta name="color-scheme" content="light" />
        <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        {hydrate && (
          <>
            <ScrollRestoration />
            <Scripts />
          </>
        )}
      </body>
    </html>
  )
}

export default function App() {
  const flash = useRootData()?.flash
  return (
    <SiteLayout frame={usePageFrame()}>
      {flash && (
        // With the page it arrives on (a page load, or the page a redirect opened).
        <div role="status" className="container-page pt-6">
          <Alert tone="success" title={flash}>
            Your account is ready and you are logged in.
          </Alert>
        </div>
      )}
      <Outlet />
    </SiteLayout>
  )
}

/** Pages that fail keep the header and footer; unknown paths get the not-found page. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const frame = useErrorFrame()
  const notFound = isRouteErrorResponse(error) && error.status === 404
  const refused = refusedFormMessage(error)
  if (!notFound && refused === undefined) console.error(error)
  return (
    <SiteLayout frame={frame}>
      {notFound ? <NotFoundPage /> : refused !== undefined ? <FormRefused message={refused} /> : <RouteError />}
    </SiteLayout>
  )
}
