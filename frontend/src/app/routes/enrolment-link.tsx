import { data, Link, useActionData, useLoaderData, useNavigation, useParams } from 'react-router'

import type { Route } from './+types/enrolment-link'
import { pageMeta } from '@/app/meta'
import { Alert } from '@/components/ui/alert'
import { PageHeader } from '@/components/ui/page-header'
import type { EnrolmentAnswer } from '@/features/enrolments/answer'
import { getPrivatePage } from '@/features/enrolments/api/get-private-page'
import { submitPrivateUtr } from '@/features/enrolments/api/submit-private-utr'
import { OpenEnrolment } from '@/features/enrolments/components/enrolment-section'
import { EnrolmentStatusBadge } from '@/features/enrolments/components/enrolment-status-badge'
import { ApiError, apiClient, unwrap } from '@/lib/api-client'
import { formFailure, readForm } from '@/server/form.server'
import type { PaymentStepHandle } from '@/server/security-policy'
import type { HydrationHandle } from '@/lib/hydration'

/**
 * /e/<token>: the private link sent by SMS and email on enrolling. It reopens that
 * enrolment's payment step in any browser (the student enrolled in WhatsApp's in-app
 * browser and pays from Chrome), where the UTR can be sent with no account. A token we
 * never gave gets the not-found page (404).
 */
export async function loader({ params }: Route.LoaderArgs) {
  try {
    return await getPrivatePage(params.token)
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 422)) {
      throw data(await unwrap(apiClient.GET('/api/pages/basic')), { status: 404 })
    }
    throw error
  }
}

/** The UTR form, posted to this page (the token is the address's). */
export async function action({ request, params }: Route.ActionArgs) {
  const { values } = await readForm(request)
  const reference = values.reference ?? ''
  try {
    await submitPrivateUtr({ token: params.token, utr: values.utr ?? '' })
    return { ok: true, intent: 'utr', reference } satisfies EnrolmentAnswer
  } catch (error) {
    const failure = formFailure(error, values, 'utr')
    return data({ ...failure.data, intent: 'utr', reference } satisfies EnrolmentAnswer, failure.init ?? undefined)
  }
}

/** The payment step: Razorpay Checkout may run here (src/server/security-policy). */
// The page loads its scripts (src/lib/hydration.ts): the payment step: Razorpay Checkout and Copy for the UPI ID.
export const handle: PaymentStepHandle & HydrationHandle = { checkout: true, hydrate: true }

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Your enrolment’s payment',
    description: 'Pay for your enrolment by UPI and send us the UTR.',
    noindex: true,
  })

export default function Page() {
  const { enrolment, qr_url: qrUrl } = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>() as EnrolmentAnswer | undefined
  const navigation = useNavigation()
  const { token } = useParams()
  const pending = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'utr'
  const coursePage = (
    <Link to={enrolment.course.route} className="font-semibold text-brand-800 underline underline-offset-4">
      See the {enrolment.course.short_name || enrolment.course.name} course page
    </Link>
  )
  let title = `Pay ${enrolment.amount_display} to confirm your place`
  if (enrolment.status === 'paid_claimed') title = 'We are checking your payment'
  else if (enrolment.status === 'confirmed') title = `You are enrolled in ${enrolment.course.name}`
  else if (!enrolment.is_open) title = `Enrolment ${enrolment.reference}`

  return (
    <>
      <PageHeader eyebrow={`Enrolment ${enrolment.reference}`} title={title} intro={enrolment.course.name} />
      <div className="container-page max-w-3xl py-10 sm:py-14">
        {enrolment.is_open ? (
          <OpenEnrolment
            enrolment={enrolment}
            result={result?.intent === 'utr' ? result : undefined}
            pending={pending}
            qrUrl={qrUrl}
            utrAction="."
            token={token}
            another={coursePage}
          />
        ) : (
          <div className="flex flex-col gap-4">
            <EnrolmentStatusBadge enrolment={enrolment} />
            {enrolment.status === 'confirmed' && (
              <Alert tone="success" title="Your payment is confirmed">
                We have received your payment of {enrolment.amount_display}. We will email the batch details to {enrolment.email}{' '}
                before classes start.
              </Alert>
            )}
            {enrolment.refunded && (
              <Alert tone="info" title="Refunded">
                Refund of {enrolment.amount_display} processed. We have emailed the credit note to {enrolment.email}.
              </Alert>
            )}
            {enrolment.status === 'rejected' && !enrolment.refunded && (
              <Alert tone="error" title="This enrolment was not accepted">
                {enrolment.rejected_reason || 'We could not match a payment to it.'} If you have paid, write to us with your UTR.
              </Alert>
            )}
            {enrolment.status === 'expired' && (
              <Alert tone="info" title="This enrolment has expired">
                It was not paid in time. You can enrol again on the course page.
              </Alert>
            )}
            <p>{coursePage}</p>
          </div>
        )}
      </div>
    </>
  )
}
