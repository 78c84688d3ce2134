import { lazy, useLayoutEffect, useState, useTransition, type ComponentType, type ReactNode } from 'react'
import { Route, Router, Routes, useLocation } from 'react-router'

import type { AppHistory } from '@/app/history'
import { pageModules, preloadedPage } from '@/app/page-modules'
import { RootLayout } from '@/app/root-layout'
import { RouteErrorBoundary } from '@/app/route-error'
import { routes } from '@/config/paths'
import { NavigationPendingContext } from '@/lib/navigation-pending'

/*
 * React Router in declarative mode (<Router>, <Routes>, <Route>): its data-router mode
 * (createBrowserRouter, loaders, route.lazy) costs about 16 KB gzip more on every page, and
 * the app loads its data with React Query, not loaders.
 */


// One React.lazy per module, made once: several routes share a module (course, policy,
// tasks), and a lazy component made on each render would start loading again each time.
const pages = new Map<string, ComponentType>()

function page(name: string): ComponentType {
  let Page = pages.get(name)
  if (!Page) {
    const load = pageModules[`./routes/${name}.tsx`]
    if (!load) throw new Error(`routes.json names page "${name}" but src/app/routes/${name}.tsx does not exist.`)
    const Lazy = lazy(async () => ({ default: (await load()).Component }))
    // The first page's module, loaded before the app rendered (preloadFirstPage), renders
    // at once: React.lazy would suspend for a moment even on a loaded module, and the
    // placeholder would flash over the server's shell. Any other page loads when shown.
    Page = function RoutePage() {
      const Preloaded = preloadedPage(name)
      return Preloaded ? <Preloaded /> : <Lazy />
    }
    pages.set(name, Page)
  }
  return Page
}

function element(name: string) {
  const Page = page(name)
  return <Page />
}

// Built once, when the app starts: a page named in routes.json without a module fails here.
const pageRoutes = [
  ...routes.map((route) => (
    // Paths are exact: the server matches them case-sensitively too.
    <Route key={route.id} path={route.path} caseSensitive element={element(route.page)} />
  )),
  <Route key="not-found" path="*" element={element('not-found')} />,
]

/**
 * Every page inside the root layout. The layout holds the page's error boundary (a page
 * that fails keeps the shell); this one catches what fails in the layout itself.
 */
export function AppRoutes() {
  const { key } = useLocation()
  return (
    <RouteErrorBoundary resetKey={key}>
      <Routes>
        <Route element={<RootLayout />}>{pageRoutes}</Route>
      </Routes>
    </RouteErrorBoundary>
  )
}

/**
 * <BrowserRouter>, with one difference: each navigation is a transition of our own
 * useTransition, not of React's global startTransition. Either way the old page stays on
 * screen while the next page's code loads (a transition that suspends keeps what is
 * already shown, instead of falling back to the placeholder); with our own we also know
 * when that is happening, for the progress bar (useNavigationPending).
 */
export function AppRouter({ history, children }: { history: AppHistory; children: ReactNode }) {
  const [pending, startTransition] = useTransition()
  const [state, setState] = useState({ action: history.action, location: history.location })
  useLayoutEffect(
    () => history.listen(({ action, location }) => startTransition(() => setState({ action, location }))),
    [history],
  )
  return (
    <NavigationPendingContext value={pending}>
      <Router location={state.location} navigationType={state.action} navigator={history}>
        {children}
      </Router>
    </NavigationPendingContext>
  )
}
