import { CreditCard } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { useRevalidator } from 'react-router'

import { Button } from '@/components/ui/button'
import { createRazorpayOrder } from '@/features/enrolments/api/create-razorpay-order'
import { verifyRazorpayPayment } from '@/features/enrolments/api/verify-razorpay-payment'
import {
  CHECKOUT_UNAVAILABLE,
  PAY_ONLINE_HASH,
  checkoutAllowedHere,
  loadCheckout,
  reloadToPayOnline,
} from '@/features/enrolments/checkout'
import type { Enrolment } from '@/features/enrolments/types'
import { ApiError } from '@/lib/api-client'
import { useHydrated } from '@/lib/use-hydrated'

type Shown = { tone: 'error' | 'info' | 'success'; text: string }

export const VERIFYING = 'Payment received. Confirming your place…'
export const CONFIRMED = 'Payment confirmed. Your place is booked.'

function messageOf(error: unknown): string {
  if (error instanceof ApiError) return error.message
  if (error instanceof Error && error.message === CHECKOUT_UNAVAILABLE) return CHECKOUT_UNAVAILABLE
  return 'Something went wrong. Try again, or pay by UPI yourself.'
}

/**
 * "Pay ₹N online" (docs/product.md section 22): Razorpay Checkout (UPI, cards, net
 * banking) on the enrolment's order, then its handler's three fields to the server, which
 * checks the signature and confirms the payment; the page's data is then read again.
 * Only with JavaScript (Checkout is a script): without it the UPI road below stays.
 */
export function OnlinePaymentPanel({ enrolment, token }: { enrolment: Enrolment; token?: string }) {
  const hydrated = useHydrated()
  const revalidator = useRevalidator()
  const [busy, setBusy] = useState(false)
  const [shown, setShown] = useState<Shown>()

  async function pay() {
    if (!checkoutAllowedHere()) {
      reloadToPayOnline()
      return
    }
    setBusy(true)
    setShown(undefined)
    try {
      const checkout = await createRazorpayOrder({ reference: enrolment.reference, token })
      const Checkout = await loadCheckout()
      new Checkout({
        key: checkout.key_id,
        order_id: checkout.order_id,
        amount: checkout.amount,
        currency: checkout.currency,
        name: checkout.name,
        description: checkout.description,
        prefill: { name: checkout.prefill_name, email: checkout.prefill_email, contact: checkout.prefill_contact },
        handler: (response) => {
          setShown({ tone: 'info', text: VERIFYING })
          verifyRazorpayPayment({
            razorpay_order_id: response.razorpay_order_id,
            razorpay_payment_id: response.razorpay_payment_id,
            razorpay_signature: response.razorpay_signature,
          })
            .then(() => {
              setShown({ tone: 'success', text: CONFIRMED })
              void revalidator.revalidate()
            })
            .catch((error: unknown) => setShown({ tone: 'error', text: messageOf(error) }))
            .finally(() => setBusy(false))
        },
        modal: { ondismiss: () => setBusy(false) },
      }).open()
    } catch (error) {
      setShown({ tone: 'error', text: messageOf(error) })
      setBusy(false)
    }
  }

  // Reloaded to pay online (reloadToPayOnline): open Checkout once, as the press asked.
  const resumed = useRef(false)
  useEffect(() => {
    if (!hydrated || resumed.current || window.location.hash !== PAY_ONLINE_HASH) return
    resumed.current = true
    window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}`)
    void pay()
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on the reloaded page
  }, [hydrated])

  return (
    <section aria-labelledby="pay-online" className="grid gap-3 rounded-card border border-line bg-surface p-6 shadow-sm sm:p-8">
      <h3 id="pay-online" className="text-lg font-semibold text-ink">
        Pay online
      </h3>
      <p className="text-sm text-ink-muted">UPI, cards or net banking, through Razorpay. Your place is confirmed at once.</p>
      {hydrated ? (
        <Button
          variant="primary"
          size="lg"
          className="w-full sm:w-auto sm:justify-self-start"
          pending={busy}
          onClick={() => void pay()}
        >
          <CreditCard className="size-5" aria-hidden="true" width={20} height={20} />
          Pay {enrolment.amount_display} online
        </Button>
      ) : (
        <p className="text-sm text-ink">Online payment needs JavaScript: turn it on, or pay by UPI yourself below.</p>
      )}
      <p role="status" aria-live="polite" className={`empty:hidden text-sm ${shown?.tone === 'error' ? 'text-danger' : 'text-success'}`}>
        {shown?.text}
      </p>
    </section>
  )
}
