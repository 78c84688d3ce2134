import { useQueryClient, type DehydratedState } from '@tanstack/react-query'
import { RefreshCw } from 'lucide-react'
import { useEffect, useState, type ReactNode } from 'react'
import { data, Navigate, redirect, useActionData, useLocation, useNavigation, href, type ShouldRevalidateFunctionArgs } from 'react-router'

import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Toast } from '@/components/ui/toast'
import { useMe } from '@/features/accounts/api/get-me'
import { forgetAccount, logout } from '@/features/accounts/api/logout'
import { CourseReferralLinks } from '@/features/accounts/components/course-referral-links'
import { DashboardHeader, LOGOUT_INTENT } from '@/features/accounts/components/dashboard-header'
import { ReferralCodeCard } from '@/features/accounts/components/referral-code-card'
import { ReferralSteps } from '@/features/accounts/components/referral-steps'
import { useCopyWithToast } from '@/features/accounts/components/use-copy'
import { useCourses } from '@/features/catalog/api/get-courses'
import { MyEnrolments } from '@/features/enrolments/components/my-enrolments'
import { myInternshipQueryOptions } from '@/features/internships/api/get-my-internship'
import { MyInternship } from '@/features/internships/components/my-internship'
import { createPayoutRequest } from '@/features/referrals/api/create-payout-request'
import { PAYOUT_INTENT } from '@/features/referrals/components/payout-form'
import { RewardsSection } from '@/features/referrals/components/rewards-section'
import { PAYOUT_ANCHOR, PAYOUT_PARAM, PAYOUT_REQUESTED, searchWith } from '@/features/referrals/page-params'
import type { Route } from './+types/dashboard'
import { useRootData } from '@/lib/root-data'
import { coursesQueryOptions } from '@/features/catalog/api/get-courses'
import { myEnrolmentsQueryOptions } from '@/features/enrolments/api/get-my-enrolments'
import { referralSummaryQueryOptions } from '@/features/referrals/api/get-referral-summary'
import { rewardEntriesQueryOptions } from '@/features/referrals/api/get-reward-entries'
import { ApiError } from '@/lib/api-client'
import type { FormFailure } from '@/lib/form-result'
import { formFailure, readForm } from '@/server/form.server'
import { requireUser } from '@/server/session.server'
import { pageMeta } from '@/app/meta'
import { prefetch } from '@/lib/prefetch'

/** Whether a prefetched query was refused with a 401 (it travels as a plain object). */
function refusedLoggedOut(state: DehydratedState): boolean {
  return state.queries.some((query) => (query.state.error as { status?: unknown } | null)?.status === 401)
}

export async function loader({ url }: Route.LoaderArgs) {
  try {
    await requireUser(url)
  } catch (error) {
    // The API could not say who is logged in: the page says so, with Try again.
    if (error instanceof ApiError) return { dehydrated: undefined }
    throw error
  }
  const dehydrated = await prefetch(
    coursesQueryOptions(),
    myEnrolmentsQueryOptions(),
    referralSummaryQueryOptions(),
    rewardEntriesQueryOptions(),
    myInternshipQueryOptions(),
  )
  // The session ended in between (it expired, or the account logged out elsewhere).
  if (refusedLoggedOut(dehydrated)) {
    const { pathname, search } = url
    throw redirect(`${href('/login')}?${new URLSearchParams({ next: `${pathname}${search}` })}`)
  }
  return { dehydrated }
}

/**
 * After a logout the dashboard's data is not asked for again: the login page is next. A
 * payout refused with 409 (a request already waits, or nothing is payable) means the
 * figures on screen are out of date: they are asked for again.
 */
export function shouldRevalidate({ formData, actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  const intent = formData?.get('intent')
  if (intent === LOGOUT_INTENT) return false
  if (intent === PAYOUT_INTENT && actionStatus === 409) return true
  return defaultShouldRevalidate
}

/**
 * The dashboard's forms, by intent: Get Rewards' payout request (then the same page at
 * ?payout=requested, which shows the confirmation: a reload does not send it again), and
 * Logout (the header's), which then opens /login.
 */
export async function action({ request, url }: Route.ActionArgs) {
  const { values } = await readForm(request)
  if (values.intent === PAYOUT_INTENT) {
    try {
      // Sent as typed: the API trims it and judges it (its 422 shows at the field).
      await createPayoutRequest({ upi_id: values.upi_id ?? '' })
    } catch (error) {
      return formFailure(error, values, PAYOUT_INTENT)
    }
    const search = searchWith(url.search, PAYOUT_PARAM, PAYOUT_REQUESTED)
    throw redirect(`${url.pathname}${search}#${PAYOUT_ANCHOR}`)
  }
  if (values.intent !== LOGOUT_INTENT) throw data('This form is not one of the dashboard’s.', { status: 400 })
  try {
    await logout()
  } catch (error) {
    return formFailure(error, values, LOGOUT_INTENT)
  }
  throw redirect(href('/login'))
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
  const courses = useCourses()
  const { copy, toast } = useCopyWithToast()
  const location = useLocation()
  const user = me.data
  const root = useRootData()
  const queryClient = useQueryClient()

  // Logout: the button waits while the action runs; once it has ended the session the
  // login page is on its way (the action's redirect) and the account is forgotten here.
  const navigation = useNavigation()
  const result = useActionData<typeof action>() as FormFailure | undefined
  const logoutSent = navigation.formData?.get('intent') === LOGOUT_INTENT
  const loggingOut = logoutSent && navigation.state === 'submitting'
  const leaving = logoutSent && navigation.state === 'loading' && navigation.location.pathname === href('/login')
  // Once the logout has gone through, the page stays "Logging you out…" until /login is
  // shown, whatever renders in between (the account is forgotten meanwhile).
  const [loggedOutSeen, setLoggedOutSeen] = useState(false)
  if (leaving && !loggedOutSeen) setLoggedOutSeen(true)
  const loggedOut = leaving || loggedOutSeen
  const logoutFailure = !loggingOut && result?.ok === false && result.intent === LOGOUT_INTENT ? result : undefined
  // The payout request: sent, then the refreshed page (the action's redirect) loading.
  const payoutPending = navigation.state !== 'idle' && navigation.formData?.get('intent') === PAYOUT_INTENT
  const payoutFailure = result?.ok === false && result.intent === PAYOUT_INTENT ? result : undefined
  useEffect(() => {
    if (loggedOut) forgetAccount(queryClient)
  }, [loggedOut, queryClient])

  if (!user) {
    // Logging out empties the account a moment before the login page opens.
    if (loggedOut) {
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

  return (
    <>
      <DashboardHeader
        user={user}
        loggingOut={loggingOut}
        logoutError={logoutFailure && `We could not log you out. ${logoutFailure.message}`}
      />
      {/* The student's own figures and enrolments first; the referral tools after, their
          explanation folded (a phone screen is short). */}
      <div className="container-page flex flex-col gap-12 py-10 sm:gap-16 sm:py-14">
        <RewardsSection headingId="rewards-heading" payout={{ failure: payoutPending ? undefined : payoutFailure, pending: payoutPending }} />
        <MyEnrolments headingId="my-enrolments-heading" />
        <MyInternship headingId="my-internship-heading" />
        <div className="grid gap-6 lg:grid-cols-[1.1fr_0.9fr] lg:items-start lg:gap-8">
          <ReferralCodeCard code={user.referral_code} onCopy={copy} />
          <ReferralSteps headingId="referral-steps-heading" />
        </div>
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
