import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createRoutesStub } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'

import { enrolment } from '@/app/__tests__/accounts-fixtures'
import type { CheckoutOptions } from '@/features/enrolments/checkout'
import { OpenEnrolment } from '@/features/enrolments/components/enrolment-section'
import type { Enrolment } from '@/features/enrolments/types'
import { json, mockApi, sentBodies } from '@/test/api'

const csrf = {
  'GET /api/auth/csrf': () => {
    document.cookie = 'csrftoken=test-token; path=/'
    return json({ csrf_token: 'test-token' })
  },
}

const checkout = {
  key_id: 'rzp_test_key',
  order_id: 'order_Test123',
  amount: 99900,
  currency: 'INR',
  name: 'Example Academy',
  description: 'Web Development (MERN stack) (ENR-7K3F9Q)',
  reference: 'ENR-7K3F9Q',
  prefill_name: 'Asha Verma',
  prefill_email: 'asha@example.com',
  prefill_contact: '+919876543210',
}

/** Razorpay's Checkout as the script defines it: opening it "pays" at once (or is closed). */
function fakeCheckout(outcome: 'paid' | 'closed'): CheckoutOptions[] {
  const opened: CheckoutOptions[] = []
  window.Razorpay = class {
    constructor(readonly options: CheckoutOptions) {}
    open() {
      opened.push(this.options)
      if (outcome === 'closed') this.options.modal.ondismiss()
      else
        this.options.handler({
          razorpay_order_id: this.options.order_id,
          razorpay_payment_id: 'pay_Test456',
          razorpay_signature: 'a'.repeat(64),
        })
    }
    on() {}
  }
  return opened
}

function renderStep(shown: Enrolment, token?: string) {
  const Stub = createRoutesStub([
    { path: '/course', Component: () => <OpenEnrolment enrolment={shown} pending={false} token={token} /> },
  ])
  return render(<Stub initialEntries={['/course']} />)
}

afterEach(() => {
  delete window.Razorpay
})

describe('"Pay ₹N online" (Razorpay)', () => {
  it('is offered beside "Pay by UPI yourself" when the page data says so', async () => {
    renderStep(enrolment({ pay_online: true }))
    expect(await screen.findByRole('button', { name: 'Pay ₹999 online' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Pay by UPI yourself' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Pay ₹999 with UPI' })).toBeInTheDocument()
  })

  it('is not offered with the UPI gateway', () => {
    renderStep(enrolment({ pay_online: false }))
    expect(screen.queryByRole('button', { name: /online/ })).not.toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'Pay by UPI yourself' })).not.toBeInTheDocument()
  })

  it('opens Checkout with the order and the key id, then posts the three fields to verify', async () => {
    const opened = fakeCheckout('paid')
    const api = mockApi({
      ...csrf,
      'POST /api/enrolments/ENR-7K3F9Q/razorpay-order': () => json(checkout),
      'POST /api/payments/razorpay/verify': () => json(enrolment({ status: 'confirmed', pay_online: false })),
    })
    renderStep(enrolment({ pay_online: true }))

    await userEvent.setup().click(await screen.findByRole('button', { name: 'Pay ₹999 online' }))

    expect(await screen.findByText('Payment confirmed. Your place is booked.')).toBeInTheDocument()
    expect(opened).toHaveLength(1)
    expect(opened[0]).toMatchObject({ key: 'rzp_test_key', order_id: 'order_Test123', amount: 99900, currency: 'INR' })
    expect(await sentBodies(api, 'POST /api/payments/razorpay/verify')).toEqual([
      { razorpay_order_id: 'order_Test123', razorpay_payment_id: 'pay_Test456', razorpay_signature: 'a'.repeat(64) },
    ])
  })

  it('asks for the order by the private link’s token on /e/<token>', async () => {
    fakeCheckout('closed')
    const api = mockApi({ ...csrf, 'POST /api/enrolments/private/{token}/razorpay-order': () => json(checkout) })
    renderStep(enrolment({ pay_online: true }), 'secret-token')

    const button = await screen.findByRole('button', { name: 'Pay ₹999 online' })
    await userEvent.setup().click(button)

    await waitFor(() => expect(button).toBeEnabled())
    expect(api.requests.map((r) => new URL(r.url).pathname)).toContain('/api/enrolments/private/secret-token/razorpay-order')
  })

  it('says why when the server refuses, and leaves the UPI road', async () => {
    mockApi({
      ...csrf,
      'POST /api/enrolments/ENR-7K3F9Q/razorpay-order': () =>
        json({ message: 'Online payment is not available at the moment.', extra: {} }, 503),
    })
    renderStep(enrolment({ pay_online: true }))

    await userEvent.setup().click(await screen.findByRole('button', { name: 'Pay ₹999 online' }))

    expect(await screen.findByText('Online payment is not available at the moment.')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Pay ₹999 with UPI' })).toBeInTheDocument()
  })
})
