import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import { useLayoutEffect, type ComponentType, type ReactNode } from 'react'
import { createRoutesStub, MemoryRouter, Route, Routes, useLocation, type ActionFunction, type Location } from 'react-router'
import { vi } from 'vitest'

import App, { ErrorBoundary as RootErrorBoundary, loader as rootLoader } from '@/root'
import { pages } from '@/routes'
import type { User } from '@/features/accounts/types'
import { onAnswer, session } from '@/test/api'

type RouteModule = {
  default: ComponentType
  loader?: (...args: never[]) => unknown
  action?: (...args: never[]) => unknown
  shouldRevalidate?: (...args: never[]) => boolean
}

const modules = import.meta.glob<RouteModule>('../app/routes/*.tsx', { eager: true })

function moduleFor(file: string): RouteModule {
  const module = modules[`../app/routes/${file}.tsx`]
  if (!module) throw new Error(`src/routes.ts names app/routes/${file}.tsx, which does not exist.`)
  // Only the exports the module has: a test's vi.mock() stand-in refuses to be asked for others.
  const exports = ['default', 'loader', 'action', 'shouldRevalidate'] as const
  return Object.fromEntries(exports.filter((name) => name in module).map((name) => [name, module[name]])) as RouteModule
}

function testQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } } })
}

/** Where the app is: the last location the router rendered (see renderRoute). */
let shownLocation: Location | undefined

function LocationProbe() {
  const location = useLocation()
  // During the commit, before anything can observe the new page.
  useLayoutEffect(() => {
    shownLocation = location
  }, [location])
  return null
}

/**
 * Who the tests' Django has logged in (src/test/api.ts's `session`, every page's
 * `visitor`): `user`, or nobody. Like Django's session, it follows the account's own
 * requests: a login the API accepted brings its account, a finished sign-up logs in
 * `signsUpAs`, a logout or an account deletion the API accepted or any 401 ends it.
 */
function followSession(user: User | null, signsUpAs?: User) {
  session.user = user
  onAnswer(async (key, response) => {
    if (response.ok && key === 'POST /api/auth/login') {
      const answer = (await response.clone().json()) as { user?: User }
      if (answer.user) session.user = answer.user
    }
    const signedUp = key === 'POST /api/auth/signup/verify' || (key === 'POST /api/auth/signup' && response.status === 201)
    if (response.ok && signedUp && signsUpAs) session.user = signsUpAs
    if (response.ok && (key === 'POST /api/auth/logout' || key === 'POST /api/auth/account/delete')) session.user = null
    // Any 401 means the session has ended (it expired, or was logged out elsewhere).
    if (response.status === 401) session.user = null
  })
}

/**
 * Render the whole app at `path` the way the server does: the real route table
 * (src/routes.ts), the root's and each page's loader and action, the root layout. The API
 * is whatever mockApi() installed; `user` is who is logged in (null: a visitor), the
 * `visitor` of every page's answer. SITE_URL is the test document's origin, as the
 * server's is its public address. `history.location` is where the app is after navigations.
 * `signsUpAs`: the account a sign-up the API accepts logs in.
 *
 * `actions`: a route's action replaced for this render, by route id (src/routes.ts), through
 * createRoutesStub (React Router's test API takes any action for a route). Only for an
 * upload's page half: under jsdom, Node's undici cannot read a multipart body holding jsdom's
 * File (vitest-dev/vitest#9135), so the page's test gets the action's answer from a stand-in
 * that does not read the body, and the real action is tested on Node's own Request, FormData
 * and File in upload-actions.test.ts (see src/test/upload-answers.ts).
 */
export function renderRoute(
  path: string,
  {
    user = null,
    signsUpAs,
    actions = {},
  }: { user?: User | null; signsUpAs?: User; actions?: Record<string, ActionFunction> } = {},
) {
  for (const id of Object.keys(actions)) {
    if (!pages.some((page) => page.id === id && moduleFor(page.file).action)) throw new Error(`No route ${id} with an action to replace.`)
  }
  followSession(user, signsUpAs)
  if (!process.env.SITE_URL) vi.stubEnv('SITE_URL', window.location.origin)
  shownLocation = undefined
  const Stub = createRoutesStub([
    {
      id: 'root',
      path: '/',
      Component() {
        return (
          <>
            <LocationProbe />
            <App />
          </>
        )
      },
      ErrorBoundary: RootErrorBoundary as ComponentType,
      loader: rootLoader,
      children: [
        ...pages.map((page) => {
          const module = moduleFor(page.file)
          return {
            id: page.id,
            path: page.path,
            caseSensitive: true,
            Component: module.default,
            loader: module.loader,
            action: actions[page.id] ?? module.action,
            shouldRevalidate: module.shouldRevalidate,
          }
        }),
        (() => {
          const page = moduleFor('page')
          return { id: 'page', path: '*', Component: page.default, loader: page.loader, action: page.action, shouldRevalidate: page.shouldRevalidate }
        })(),
      ],
    },
  ] as Parameters<typeof createRoutesStub>[0])
  const result = render(<Stub initialEntries={[path]} />)
  return {
    ...result,
    history: {
      get location(): Pick<Location, 'pathname' | 'search' | 'state'> {
        return shownLocation ?? { pathname: path, search: '', state: null }
      },
    },
  }
}

/** Render one component with the providers it needs (query client and a router). */
export function renderWithProviders(ui: ReactNode, { path = '/' }: { path?: string } = {}) {
  return render(
    <QueryClientProvider client={testQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="*" element={ui} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  )
}
