import { QueryClient } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import type { ReactNode } from 'react'
import { MemoryRouter, Route, Routes, UNSAFE_createMemoryHistory as createMemoryHistory } from 'react-router'

import { createAppHistory } from '@/app/history'
import { AppProvider } from '@/app/provider'
import { AppRouter, AppRoutes } from '@/app/router'
import type { SiteSettings, UserOut } from '@/lib/bootstrap'
import { site as siteFixture } from '@/test/fixtures'

function testQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } } })
}

/** Put the server's bootstrap JSON in the document, as Django does (`user`: null for a visitor). */
export function embedBootstrap(site: SiteSettings = siteFixture, user: UserOut | null = null) {
  const script = document.createElement('script')
  script.type = 'application/json'
  script.id = 'bootstrap'
  script.textContent = JSON.stringify({ site, user })
  document.head.append(script)
}

/**
 * Render the whole app (shell, lazy pages) at `path` with the app's own router, on a memory
 * history instead of the browser's; `history.location` is where the app is.
 */
export function renderRoute(path: string, { bootstrap = true, user = null }: { bootstrap?: boolean; user?: UserOut | null } = {}) {
  if (bootstrap) embedBootstrap(siteFixture, user)
  const history = createAppHistory(createMemoryHistory({ initialEntries: [path], v5Compat: true }))
  const result = render(
    <AppProvider client={testQueryClient()}>
      <AppRouter history={history}>
        <AppRoutes />
      </AppRouter>
    </AppProvider>,
  )
  return { ...result, history }
}

/** Render one component with the providers it needs (query client and a router). */
export function renderWithProviders(ui: ReactNode, { path = '/' }: { path?: string } = {}) {
  return render(
    <AppProvider client={testQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="*" element={ui} />
        </Routes>
      </MemoryRouter>
    </AppProvider>,
  )
}
