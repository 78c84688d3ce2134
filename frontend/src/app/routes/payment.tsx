import { useEffect, useRef, useState } from 'react'

import { PageHeader } from '@/components/ui/page-header'
import { Spinner } from '@/components/ui/spinner'
import { useBootcampPayment } from '@/features/enrolments/api/get-bootcamp-payment'
import { UpiPaymentPanel } from '@/features/enrolments/components/upi-payment-panel'
import { LoadError } from '@/features/catalog/components/query-states'

/** How long before the QR code and payee details appear (a phone has left for its UPI app by then). */
export const FALLBACK_DELAY_MS = 1500

/**
 * /payment: sends the browser to the UPI link of the 4-day training bootcamp. A desktop
 * browser cannot open `upi://`, so after a moment the page also shows the QR code, the
 * payee UPI ID and the amount.
 */
export function Component() {
  const payment = useBootcampPayment()
  const [showDetails, setShowDetails] = useState(false)
  const redirected = useRef(false)
  const link = payment.data?.upi_link

  useEffect(() => {
    if (!link || redirected.current) return
    redirected.current = true
    window.location.assign(link)
    const timer = window.setTimeout(() => setShowDetails(true), FALLBACK_DELAY_MS)
    return () => window.clearTimeout(timer)
  }, [link])

  return (
    <>
      <PageHeader eyebrow="4-day training bootcamp" title="Redirecting to payment gateway..." />
      <div className="container-page pb-16" aria-live="polite">
        {payment.isError && (
          <LoadError what="the payment details" error={payment.error} onRetry={() => void payment.refetch()} />
        )}
        {!payment.isError && (!payment.data || !showDetails) && (
          <p className="flex items-center gap-3 text-ink-muted">
            <Spinner />
            Opening your UPI app…
          </p>
        )}
        {payment.data && showDetails && (
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
