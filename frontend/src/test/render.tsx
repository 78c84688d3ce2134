import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import { http } from 'msw'
import { useLayoutEffect, type ComponentType, type ReactNode } from 'react'
import { createRoutesStub, MemoryRouter, Route, Routes, useLocation, type ActionFunction, type Location } from 'react-router'
import { vi } from 'vitest'

import App, { ErrorBoundary as RootErrorBoundary, loader as rootLoader } from '@/root'
import { pages } from '@/routes'
import type { User } from '@/features/accounts/api/get-me'
import { json, onAnswer, server } from '@/test/api'

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
 * Who the API says is logged in (GET /api/auth/me): `user`, or a visitor (401). Like
 * Django's session, it follows the account's own requests: a login the API accepted brings
 * its account, a finished sign-up logs in `signsUpAs`, a logout the API accepted or any 401
 * ends it. An MSW handler over mockApi's, told of mockApi's answers before the app sees them.
 */
function answerMe(user: User | null, signsUpAs?: User) {
  let current = user
  server.use(
    http.get(
      ({ request }) => new URL(request.url).pathname === '/api/auth/me',
      () => (current ? json(current) : json({ message: 'Not logged in.', extra: {} }, 401)),
    ),
  )
  onAnswer(async (key, response) => {
    if (response.ok && key === 'POST /api/auth/login') {
      const answer = (await response.clone().json()) as { user?: User }
      if (answer.user) current = answer.user
    }
    const signedUp = key === 'POST /api/auth/signup/verify' || (key === 'POST /api/auth/signup' && response.status === 201)
    if (response.ok && signedUp && signsUpAs) current = signsUpAs
    if (response.ok && key === 'POST /api/auth/logout') current = null
    // Any 401 means the session has ended (it expired, or was logged out elsewhere).
    if (response.status === 401) current = null
  })
}

/**
 * Render the whole app at `path` the way the server does: the real route table
 * (src/routes.ts), the root's and each page's loader and action, the root layout. The API
 * is whatever mockApi() installed; `user` answers "who is logged in" (null: a visitor),
 * unless `bootstrap` is false: then mockApi's own `GET /api/auth/me` handler answers (to
 * test a failing or changing answer). SITE_URL is the test document's origin, as the
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
    bootstrap = true,
    signsUpAs,
    actions = {},
  }: { user?: User | null; bootstrap?: boolean; signsUpAs?: User; actions?: Record<string, ActionFunction> } = {},
) {
  for (const id of Object.keys(actions)) {
    if (!pages.some((page) => page.id === id && moduleFor(page.file).action)) throw new Error(`No route ${id} with an action to replace.`)
  }
  if (bootstrap) answerMe(user, signsUpAs)
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
        { id: 'not-found', path: '*', Component: moduleFor('not-found').default, loader: moduleFor('not-found').loader },
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
