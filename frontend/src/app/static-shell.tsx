/**
 * The markup the server puts inside <div id="root"> before any script has run: the header
 * and the loading placeholder RootLayout shows while the first page's code loads, rendered
 * by the same components. On a slow connection the visitor sees the site at once instead
 * of a blank screen while the JavaScript downloads; the app then renders over it
 * (createRoot replaces the children).
 *
 * Built into dist/.vite/app-shell.json by scripts/prerender-shell.mjs (part of `npm run
 * build`), never part of the browser bundle. The brand name is a token the server replaces
 * with the escaped name; the account slot comes in two variants (visitor: Login, user:
 * Dashboard), chosen by the server; a course page's header can go at the top of the
 * placeholder (renderPageHeaders). The footer is left out: it sits below a screen-tall
 * placeholder, and its contact details are the server's to change. The mobile menu is the
 * browser's own popover there, so it opens before the scripts arrive.
 */
/* eslint-disable react-refresh/only-export-components -- built for Node only, never hot-reloaded */
import { QueryClient } from '@tanstack/react-query'
import { renderToStaticMarkup } from 'react-dom/server'
import { MemoryRouter } from 'react-router'

import { AppProvider } from '@/app/provider'
import { Layout, PagePlaceholder } from '@/app/root-layout'
import { PageHeader } from '@/components/ui/page-header'
import { meKey } from '@/features/accounts/api/get-me'
import { siteSettingsKey } from '@/features/catalog/api/get-site-settings'
import { COURSE_EYEBROWS } from '@/features/catalog/content/page-headers'
import type { SiteSettings, UserOut } from '@/lib/bootstrap'

/** Replaced by the server (backend/web/html.py) with the HTML-escaped brand name. */
export const BRAND_TOKEN = '__APP_BRAND_NAME__'
/**
 * Where the page's header goes, at the top of <main>: the server puts a course page's
 * header there (one of the templates below, filled in) or nothing.
 */
export const PAGE_HEADER_TOKEN = '__APP_PAGE_HEADER__'
/** In the page-header templates: the course's name and summary, HTML-escaped by the server. */
export const TITLE_TOKEN = '__APP_PAGE_TITLE__'
export const INTRO_TOKEN = '__APP_PAGE_INTRO__'

export type StaticShells = { visitor: string; user: string }
/** Keyed by kind ("course", "bootcamp", "bootcamp-page"), and kind + "+intro" with the summary. */
export type PageHeaders = Record<string, string>

function renderShell(user: UserOut | null): string {
  const client = new QueryClient()
  // Only the fields the header reads; the app replaces all of it with the real data.
  client.setQueryData(siteSettingsKey, { brand_name: BRAND_TOKEN } as SiteSettings)
  client.setQueryData(meKey, user)
  // A path no navigation item matches: no link is marked as the current page.
  return renderToStaticMarkup(
    <AppProvider client={client}>
      <MemoryRouter initialEntries={['/__app-shell__']}>
        <StaticShell />
      </MemoryRouter>
    </AppProvider>,
  )
}

function StaticShell() {
  return (
    <Layout footer={false} scriptless>
      {PAGE_HEADER_TOKEN}
      <PagePlaceholder />
    </Layout>
  )
}

export function renderStaticShells(): StaticShells {
  return { visitor: renderShell(null), user: renderShell({ name: '' } as UserOut) }
}

/**
 * The header of a course's page (routes/course.tsx, routes/bootcamp.tsx) as the app
 * renders it, with tokens for the course's name and summary: in the server's HTML the
 * page's largest text (its h1) paints with the stylesheet, and the app's identical header
 * replaces it without a shift.
 */
export function renderPageHeaders(): PageHeaders {
  const headers: PageHeaders = {}
  for (const [kind, eyebrow] of Object.entries(COURSE_EYEBROWS)) {
    headers[kind] = renderToStaticMarkup(<PageHeader eyebrow={eyebrow} title={TITLE_TOKEN} />)
    headers[`${kind}+intro`] = renderToStaticMarkup(<PageHeader eyebrow={eyebrow} title={TITLE_TOKEN} intro={INTRO_TOKEN} />)
  }
  return headers
}
