import { useEffect, useRef } from 'react'
import { Link, href } from 'react-router'

import { Alert } from '@/components/ui/alert'
import { PageHeader } from '@/components/ui/page-header'
import { Spinner } from '@/components/ui/spinner'
import { useCourseByRoute } from '@/features/catalog/api/get-course-by-route'
import { LoadError } from '@/components/ui/query-states'
import { useBootcampPayment } from '@/features/enrolments/api/get-bootcamp-payment'
import { UpiPaymentPanel } from '@/features/enrolments/components/upi-payment-panel'
import type { Route } from './+types/payment'
import { courseByRouteQueryOptions } from '@/features/catalog/api/get-course-by-route'
import { bootcampPaymentQueryOptions } from '@/features/enrolments/api/get-bootcamp-payment'
import { pageMeta } from '@/app/meta'
import { prefetch } from '@/lib/prefetch'

export async function loader() {
  return { dehydrated: await prefetch(bootcampPaymentQueryOptions(), courseByRouteQueryOptions(href('/java+android_bootcamp'))) }
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Pay for the Java + Android bootcamp',
    description: 'Pay for the Java + Android bootcamp with any UPI app: a UPI link, a QR code and the payee UPI ID. Register the payment on the bootcamp page.', noindex: true,
  })

/**
 * /payment, kept for old links: sends the browser to the bootcamp's UPI link. A desktop
 * browser cannot open `upi://`, so the QR code, the payee UPI ID and the amount are shown
 * at once beside it (no waiting), with a pointer to the bootcamp page, where a payment is
 * registered against a name and a seat.
 */
export default function Page() {
  const payment = useBootcampPayment()
  const bootcamp = useCourseByRoute(href('/java+android_bootcamp'))
  const redirected = useRef(false)
  const link = payment.data?.upi_link
  const bootcampName = bootcamp.data?.name ?? 'Java + Android bootcamp'

  useEffect(() => {
    if (!link) return
    const open = () => {
      if (redirected.current) return
      redirected.current = true
      window.location.assign(link)
    }
    // Once the page has loaded (its QR code included): leaving for the UPI app while the
    // page still loads can stop the fallback from arriving, and the page never finishes.
    if (document.readyState === 'complete') {
      open()
      return
    }
    window.addEventListener('load', open, { once: true })
    return () => window.removeEventListener('load', open)
  }, [link])

  return (
    <>
      <PageHeader eyebrow={bootcampName} title="Redirecting to payment gateway..." />
      <div className="container-page grid gap-6 pt-8 pb-16">
        <Alert tone="info" title="Register your payment on the bootcamp page">
          <p>
            To have your seat confirmed, enrol on the <Link to={href('/java+android_bootcamp')} className="font-semibold underline underline-offset-4">{bootcampName} page</Link> and give the
            UPI transaction reference (UTR) of your payment there.
          </p>
        </Alert>
        {payment.isError && <LoadError what="the payment details" error={payment.error} onRetry={() => void payment.refetch()} />}
        {payment.isPending && (
          <p className="flex items-center gap-3 text-ink-muted" role="status">
            <Spinner />
            Loading the payment details…
          </p>
        )}
        {payment.data && (
          <div className="grid gap-4">
            <p className="max-w-2xl text-ink-muted">
              If no UPI app opened (for example on a computer), scan the QR code with your phone or pay to the UPI ID
              below.
            </p>
            <UpiPaymentPanel payment={payment.data} />
          </div>
        )}
      </div>
    </>
  )
}
