import { data, Navigate, redirect, useActionData, useLoaderData, useLocation, useNavigation, href, type ShouldRevalidateFunctionArgs } from 'react-router'

import { Toast } from '@/components/ui/toast'
import { logout } from '@/features/accounts/api/logout'
import { CourseReferralLinks } from '@/features/accounts/components/course-referral-links'
import { DashboardHeader, LOGOUT_INTENT } from '@/features/accounts/components/dashboard-header'
import { ReferralCodeCard } from '@/features/accounts/components/referral-code-card'
import { ReferralSteps } from '@/features/accounts/components/referral-steps'
import { useCopyWithToast } from '@/features/accounts/components/use-copy'
import { MyClasses } from '@/features/classes/components/my-classes'
import { MyEnrolments } from '@/features/enrolments/components/my-enrolments'
import { EnrolmentStatusBadge } from '@/features/enrolments/components/enrolment-status-badge'
import { MyEvents } from '@/features/events/my-events'
import { MyInternship } from '@/features/internships/components/my-internship'
import { createPayoutRequest } from '@/features/referrals/api/create-payout-request'
import { PAYOUT_INTENT } from '@/features/referrals/components/payout-form'
import { RewardsSection } from '@/features/referrals/components/rewards-section'
import { PAYOUT_ANCHOR, PAYOUT_PARAM, PAYOUT_REQUESTED, searchWith } from '@/features/referrals/page-params'
import type { Route } from './+types/dashboard'
import { useRootData } from '@/lib/root-data'
import { apiClient } from '@/lib/api-client'
import type { FormFailure } from '@/lib/form-result'
import { formFailure, readForm } from '@/server/form.server'
import { loadPage } from '@/server/session.server'
import { pageMeta } from '@/app/meta'
import type { HydrationHandle } from '@/lib/hydration'

// The page loads its scripts (src/lib/hydration.ts): the signed-in dashboard (Copy for the referral
// links, the payout form and the other forms answering in place).
export const handle: HydrationHandle = { hydrate: true }

/**
 * The account's classes ("My classes"), waitlists, courses to share, enrolments,
 * referral figures, reward ledger and internship, in one answer; a visitor (or a session that has ended) logs in first.
 */
export async function loader({ url }: Route.LoaderArgs) {
  return loadPage(url, apiClient.GET('/api/pages/dashboard'))
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

export default function Page() {
  const { visitor: user, courses, enrolments, referral_summary, reward_entries, internship, classes, waitlist, calendar_path, events } =
    useLoaderData<typeof loader>()
  const { copy, toast } = useCopyWithToast()
  const location = useLocation()
  const root = useRootData()

  // Logout: the button waits while the action runs and the login page (its redirect) loads.
  const navigation = useNavigation()
  const result = useActionData<typeof action>() as FormFailure | undefined
  const loggingOut = navigation.state !== 'idle' && navigation.formData?.get('intent') === LOGOUT_INTENT
  const logoutFailure = !loggingOut && result?.ok === false && result.intent === LOGOUT_INTENT ? result : undefined
  // The payout request: sent, then the refreshed page (the action's redirect) loading.
  const payoutPending = navigation.state !== 'idle' && navigation.formData?.get('intent') === PAYOUT_INTENT
  const payoutFailure = result?.ok === false && result.intent === PAYOUT_INTENT ? result : undefined

  // The loader sends a visitor to log in; this covers a page that has none all the same.
  if (!user) {
    const next = `${location.pathname}${location.search}`
    return <Navigate to={`${href('/login')}?${new URLSearchParams({ next })}`} replace />
  }

  return (
    <>
      <DashboardHeader
        user={user}
        loggingOut={loggingOut}
        logoutError={logoutFailure && `We could not log you out. ${logoutFailure.message}`}
      />
      {/* What the student came for first (their classes, enrolments and internship), then
          their rewards and the referral tools, the explanation folded (a phone screen is short). */}
      <div className="container-page flex flex-col gap-12 py-10 sm:gap-16 sm:py-14">
        <MyClasses headingId="my-classes-heading" batches={classes} waitlist={waitlist} calendarPath={calendar_path} />
        <MyEnrolments headingId="my-enrolments-heading" enrolments={enrolments} />
        <MyInternship headingId="my-internship-heading" internship={internship} />
        <MyEvents headingId="my-events-heading" events={events} status={(event) => <EnrolmentStatusBadge enrolment={event} className="shrink-0" />} />
        <RewardsSection
          headingId="rewards-heading"
          summary={referral_summary}
          entries={reward_entries}
          payout={{ failure: payoutPending ? undefined : payoutFailure, pending: payoutPending }}
        />
        <div className="grid gap-6 lg:grid-cols-[1.1fr_0.9fr] lg:items-start lg:gap-8">
          <ReferralCodeCard code={user.referral_code} onCopy={copy} />
          <ReferralSteps headingId="referral-steps-heading" />
        </div>
        <CourseReferralLinks
          headingId="course-links-heading"
          courses={courses}
          code={user.referral_code}
          siteUrl={root?.siteUrl ?? ''}
          onCopy={copy}
        />
      </div>
      <Toast message={toast} />
    </>
  )
}
