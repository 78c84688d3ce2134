import { RefreshCw } from 'lucide-react'
import type { ReactNode } from 'react'
import { Navigate, useLocation, useNavigate, href } from 'react-router'

import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Toast } from '@/components/ui/toast'
import { useMe } from '@/features/accounts/api/get-me'
import { useLogout } from '@/features/accounts/api/logout'
import { CourseReferralLinks } from '@/features/accounts/components/course-referral-links'
import { DashboardHeader } from '@/features/accounts/components/dashboard-header'
import { ReferralCodeCard } from '@/features/accounts/components/referral-code-card'
import { ReferralSteps } from '@/features/accounts/components/referral-steps'
import { useCopyWithToast } from '@/features/accounts/components/use-copy'
import { useCourses } from '@/features/catalog/api/get-courses'
import { MyEnrolments } from '@/features/enrolments/components/my-enrolments'
import { RewardsSection } from '@/features/referrals/components/rewards-section'
import type { Route } from './+types/dashboard'
import { useRootData } from '@/lib/root-data'
import { coursesQueryOptions } from '@/features/catalog/api/get-courses'
import { myEnrolmentsQueryOptions } from '@/features/enrolments/api/get-my-enrolments'
import { referralSummaryQueryOptions } from '@/features/referrals/api/get-referral-summary'
import { rewardEntriesQueryOptions } from '@/features/referrals/api/get-reward-entries'
import { requireUser } from '@/server/session.server'
import { pageMeta } from '@/app/meta'
import { prefetch } from '@/lib/prefetch'

export async function loader({ url }: Route.LoaderArgs) {
  await requireUser(url)
  return {
    dehydrated: await prefetch(
      coursesQueryOptions(),
      myEnrolmentsQueryOptions(),
      referralSummaryQueryOptions(),
      rewardEntriesQueryOptions(),
    ),
  }
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Dashboard',
    description: 'Your referral code, referrals, rewards and enrolments.', noindex: true,
  })

function PageMessage({ children }: { children: ReactNode }) {
  return <div className="container-page flex min-h-[50dvh] flex-col justify-center gap-5 py-16">{children}</div>
}

export default function Page() {
  const me = useMe()
  const logout = useLogout()
  const courses = useCourses()
  const { copy, toast } = useCopyWithToast()
  const navigate = useNavigate()
  const location = useLocation()
  const user = me.data
  const root = useRootData()

  if (!user) {
    // Logging out empties the account a moment before the login page opens.
    if (logout.isPending || logout.isSuccess) {
      return (
        <PageMessage>
          <h1 className="text-title font-bold text-ink">Logging you out…</h1>
        </PageMessage>
      )
    }
    // Logged out: the server sends a full page load to /login; this covers in-app links.
    if (user === null) {
      const next = `${location.pathname}${location.search}`
      return <Navigate to={`${href('/login')}?${new URLSearchParams({ next })}`} replace />
    }
    if (me.isPending) {
      return (
        <PageMessage>
          <p className="sr-only" role="status">
            Loading your dashboard…
          </p>
          <div className="h-12 w-2/3 max-w-md animate-pulse rounded-control bg-slate-200 motion-reduce:animate-none" aria-hidden="true" />
          <div className="h-40 w-full max-w-xl animate-pulse rounded-card bg-slate-100 motion-reduce:animate-none" aria-hidden="true" />
        </PageMessage>
      )
    }
    // The API could not say who is logged in (only without the page's embedded answer).
    return (
      <PageMessage>
        <h1 className="text-title font-bold text-ink">We could not load your dashboard</h1>
        <div role="alert">
          <Alert tone="error">{me.error?.message ?? 'Please try again.'}</Alert>
        </div>
        <div>
          <Button onClick={() => void me.refetch()}>
            <RefreshCw className="size-4" aria-hidden="true" width={16} height={16} />
            Try again
          </Button>
        </div>
      </PageMessage>
    )
  }

  function onLogout() {
    logout.mutate(undefined, { onSuccess: () => navigate(href('/login'), { replace: true }) })
  }

  return (
    <>
      <DashboardHeader
        user={user}
        onLogout={onLogout}
        loggingOut={logout.isPending}
        logoutError={logout.isError ? `We could not log you out. ${logout.error.message}` : undefined}
      />
      <div className="container-page flex flex-col gap-12 py-10 sm:gap-16 sm:py-14">
        <div className="grid gap-6 lg:grid-cols-[1.1fr_0.9fr] lg:gap-8">
          <ReferralCodeCard code={user.referral_code} onCopy={copy} />
          <ReferralSteps headingId="referral-steps-heading" />
        </div>
        <RewardsSection headingId="rewards-heading" />
        <MyEnrolments headingId="my-enrolments-heading" />
        <CourseReferralLinks
          headingId="course-links-heading"
          courses={courses.data}
          isPending={courses.isPending}
          isError={courses.isError}
          onRetry={() => void courses.refetch()}
          code={user.referral_code}
          siteUrl={root?.siteUrl ?? ''}
          onCopy={copy}
        />
      </div>
      <Toast message={toast} />
    </>
  )
}
