import { LayoutDashboard, LogIn, Settings, UserRound } from 'lucide-react'
import { href } from 'react-router'
import type { ReactNode } from 'react'

import { Footer } from '@/components/layouts/footer'
import { Header } from '@/components/layouts/header'
import { mainNav, policyNav, type NavItem } from '@/components/layouts/nav-items'
import { Shell } from '@/components/layouts/shell'
import { LinkButton } from '@/components/ui/link-button'
import type { User } from '@/features/accounts/types'
import { BACK_OFFICE_PATH } from '@/features/accounts/components/dashboard-header'
import type { PageFrame } from '@/lib/page-data'

const FOOTER_BLURB = 'Websites, apps and IoT projects built to order, and live online courses and internships for students.'

const exploreNav: readonly NavItem[] = [
  { label: 'Courses', to: href('/courses') },
  { label: 'Internships', to: href('/internship') },
  { label: 'Projects', to: href('/projects') },
  { label: 'Portfolio', to: href('/portfolio') },
  { label: 'Verify a certificate', to: href('/verify') },
  { label: 'Contact us', to: href('/getquote') },
]

/**
 * Login for a visitor, Account and Dashboard for a logged-in user (the page's frame says
 * who is logged in), and the back office for staff.
 */
function AccountAction({ user }: { user: User | null }) {
  if (user) {
    return (
      <div className="flex flex-col gap-2 lg:flex-row lg:items-center">
        {/* On wide screens Back office and Account are icons (their names stay for screen
            readers and as tooltips), so the header keeps to one line beside the main links. */}
        {user.is_staff && (
          <LinkButton to={BACK_OFFICE_PATH} reloadDocument variant="ghost" title="Back office" className="w-full lg:w-auto lg:px-3">
            <Settings className="size-4" aria-hidden="true" width={16} height={16} />
            <span className="lg:sr-only">Back office</span>
          </LinkButton>
        )}
        <LinkButton to={href('/account')} variant="ghost" title="Account" className="w-full lg:w-auto lg:px-3">
          <UserRound className="size-4" aria-hidden="true" width={16} height={16} />
          <span className="lg:sr-only">Account</span>
        </LinkButton>
        <LinkButton to={href('/dashboard')} variant="secondary" className="w-full whitespace-nowrap lg:w-auto">
          <LayoutDashboard className="size-4" aria-hidden="true" width={16} height={16} />
          Dashboard
        </LinkButton>
      </div>
    )
  }
  return (
    <LinkButton to={href('/login')} variant="secondary" className="w-full lg:w-auto">
      <LogIn className="size-4" aria-hidden="true" width={16} height={16} />
      Login
    </LinkButton>
  )
}

type LayoutProps = {
  children: ReactNode
  /** Who is logged in and the site's settings, from the page's loader (none on some error pages). */
  frame: PageFrame | undefined
  /** `false` leaves the footer out. */
  footer?: boolean
}

/** The header, the page (children) and the footer. */
export function Layout({ children, frame, footer = true }: LayoutProps) {
  const site = frame?.site
  return (
    <Shell
      header={
        <Header
          brandName={site?.brand_name ?? ''}
          homePath={href('/')}
          items={mainNav}
          account={<AccountAction user={frame?.visitor ?? null} />}
        />
      }
      footer={footer ? <Footer site={site} blurb={FOOTER_BLURB} explore={exploreNav} policies={policyNav} /> : null}
    >
      {children}
    </Shell>
  )
}

/** The site's header and footer around the page (root.tsx). */
export function SiteLayout({ children, frame }: { children: ReactNode; frame: PageFrame | undefined }) {
  return <Layout frame={frame}>{children}</Layout>
}
