import { QueryClient } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import type { ReactNode } from 'react'
import { createMemoryRouter, RouterProvider } from 'react-router'

import { AppProvider } from '@/app/provider'
import { createRouteObjects } from '@/app/router'
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

/** Render the whole app (shell, lazy pages) at `path`, as the browser router would. */
export function renderRoute(path: string, { bootstrap = true, user = null }: { bootstrap?: boolean; user?: UserOut | null } = {}) {
  if (bootstrap) embedBootstrap(siteFixture, user)
  const router = createMemoryRouter(createRouteObjects(), { initialEntries: [path] })
  const result = render(
    <AppProvider client={testQueryClient()}>
      <RouterProvider router={router} />
    </AppProvider>,
  )
  return { ...result, router }
}

/** Render one component with the providers it needs (query client and a router). */
export function renderWithProviders(ui: ReactNode, { path = '/' }: { path?: string } = {}) {
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [path] })
  return render(
    <AppProvider client={testQueryClient()}>
      <RouterProvider router={router} />
    </AppProvider>,
  )
}
