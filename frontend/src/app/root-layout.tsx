import { LayoutDashboard, LogIn } from 'lucide-react'
import { Suspense, useEffect, type ReactNode } from 'react'
import { Outlet, useLocation } from 'react-router'

import { RouteErrorBoundary } from '@/app/route-error'
import { ScrollRestoration } from '@/app/scroll-restoration'
import { useCurrentRoute } from '@/app/use-current-route'
import { Footer } from '@/components/layouts/footer'
import { Header } from '@/components/layouts/header'
import { mainNav, policyNav, type NavItem } from '@/components/layouts/nav-items'
import { Shell } from '@/components/layouts/shell'
import { LinkButton } from '@/components/ui/link-button'
import { links } from '@/config/paths'
import { useMe } from '@/features/accounts/api/get-me'
import { useSiteSettings } from '@/features/catalog/api/get-site-settings'

const FOOTER_BLURB = 'Websites, apps and IoT projects built to order, and live online courses and internships for students.'

const exploreNav: readonly NavItem[] = [
  { label: 'Courses', to: links.courses },
  { label: 'Internships', to: links.internship },
  { label: 'Projects', to: links.projects },
  { label: 'Portfolio', to: links.portfolio },
  { label: 'Verify a certificate', to: links.verify },
  { label: 'Contact us', to: links.getquote },
]

/** Login for a visitor, Dashboard for a logged-in user (from the "who is logged in" query). */
function AccountAction() {
  const { data: user } = useMe()
  if (user) {
    return (
      <LinkButton to={links.dashboard} variant="secondary" className="w-full lg:w-auto">
        <LayoutDashboard className="size-4" aria-hidden="true" width={16} height={16} />
        Dashboard
      </LinkButton>
    )
  }
  return (
    <LinkButton to={links.login} variant="secondary" className="w-full lg:w-auto">
      <LogIn className="size-4" aria-hidden="true" width={16} height={16} />
      Login
    </LinkButton>
  )
}

/**
 * The server writes the first page's <title>; after client-side navigation we keep it in
 * step, in the same "<route title> | <brand>" form.
 */
function useDocumentTitle(brand: string | undefined) {
  const route = useCurrentRoute()
  const title = route?.title ?? 'Page not found'
  useEffect(() => {
    document.title = brand ? `${title} | ${brand}` : title
  }, [title, brand])
}

type LayoutProps = {
  children: ReactNode
  /** `false` leaves the footer out. */
  footer?: boolean
  /** The server's shell, shown before any script has run (see Header). */
  scriptless?: boolean
}

/** The header, the page (children) and the footer. */
export function Layout({ children, footer = true, scriptless = false }: LayoutProps) {
  const { data: site } = useSiteSettings()
  return (
    <Shell
      header={
        <Header brandName={site?.brand_name ?? ''} homePath={links.home} items={mainNav} account={<AccountAction />} scriptless={scriptless} />
      }
      footer={footer ? <Footer site={site} blurb={FOOTER_BLURB} explore={exploreNav} policies={policyNav} /> : null}
    >
      {children}
    </Shell>
  )
}

export function RootLayout() {
  const { data: site } = useSiteSettings()
  useDocumentTitle(site?.brand_name)
  const { key } = useLocation()
  return (
    <Layout>
      {/*
        The placeholder shows only while the first page's code loads. Later navigations are
        transitions: the old page stays until the next one is ready (with a progress bar).
      */}
      <Suspense fallback={<PagePlaceholder />}>
        {/* A page that fails keeps the shell; leaving it clears the error. */}
        <RouteErrorBoundary resetKey={key}>
          <Outlet />
        </RouteErrorBoundary>
        <ScrollRestoration />
      </Suspense>
    </Layout>
  )
}

/**
 * A screen tall, like the page it stands for: the footer does not jump when it arrives.
 * The server sends it, inside the header, before any script has run (app/static-shell.tsx).
 */
export function PagePlaceholder() {
  return (
    <div className="container-page flex min-h-dvh flex-col gap-4 py-16" aria-busy="true">
      <p className="sr-only">Loading…</p>
      <div className="h-10 w-3/4 max-w-xl animate-pulse rounded-control bg-slate-200 motion-reduce:animate-none" />
      <div className="h-5 w-full max-w-2xl animate-pulse rounded bg-slate-100 motion-reduce:animate-none" />
      <div className="h-5 w-2/3 max-w-lg animate-pulse rounded bg-slate-100 motion-reduce:animate-none" />
    </div>
  )
}
