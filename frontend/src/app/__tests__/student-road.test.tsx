import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'

import { enrolment } from '@/app/__tests__/accounts-fixtures'
import { answerPage, json, mockApi, sentBodies } from '@/test/api'
import { site } from '@/test/fixtures'
import { renderRoute } from '@/test/render'

const COURSE_PATH = '/Web-Development-registration'
const TOKEN = 'tok3n-private'

const webCourse = { kind: 'course' as const, slug: 'web-development', name: 'Web Development (MERN stack)', short_name: 'Web Development', route: COURSE_PATH }

function privatePage(overrides: Parameters<typeof enrolment>[0] = {}) {
  return {
    visitor: null,
    site,
    enrolment: enrolment({ course: webCourse, ...overrides }),
    qr_url: `/api/enrolments/private/${TOKEN}/qr.svg`,
  }
}

afterEach(() => {
  document.cookie = 'ref=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/'
})

describe('the private payment link (/e/<token>)', () => {
  it('reopens the payment step with the amount, the reference, who referred and the UTR form', async () => {
    let claimed = false
    const api = mockApi({
      'GET /api/pages/enrolment/tok3n-private': () =>
        json(
          privatePage(
            claimed
              ? { referral_code_used: 'IRCTP2222', status: 'paid_claimed', status_display: 'Payment submitted', utr: '412356789012', can_submit_utr: false }
              : { referral_code_used: 'IRCTP2222' },
          ),
        ),
      'POST /api/enrolments/private/tok3n-private/utr': () => {
        claimed = true
        return json(enrolment({ status: 'paid_claimed', utr: '412356789012' }))
      },
    })
    renderRoute(`/e/${TOKEN}`)

    expect(await screen.findByRole('heading', { level: 1, name: 'Pay ₹999 to confirm your place' })).toBeInTheDocument()
    expect(screen.getAllByText('ENR-7K3F9Q').length).toBeGreaterThan(0)
    expect(screen.getByText(/Referred by/)).toHaveTextContent('Referred by IRCTP2222')
    expect(screen.getByRole('img', { name: /qr code/i })).toHaveAttribute('src', `/api/enrolments/private/${TOKEN}/qr.svg`)

    const user = userEvent.setup()
    await user.type(screen.getByLabelText(/UPI transaction reference/i), '4123 5678 9012')
    await user.click(screen.getByRole('button', { name: 'Submit UTR' }))

    expect(await screen.findByText('Thank you, we have your UTR')).toBeInTheDocument()
    expect(await sentBodies(api, `POST /api/enrolments/private/${TOKEN}/utr`)).toEqual([{ utr: '4123 5678 9012' }])
  })

  it('says Refunded for a refunded enrolment, not "not accepted"', async () => {
    mockApi({
      'GET /api/pages/enrolment/tok3n-private': () =>
        json(privatePage({ status: 'rejected', status_display: 'Refunded', refunded: true, is_open: false, can_submit_utr: false, payment: null })),
    })
    renderRoute(`/e/${TOKEN}`)
    expect(await screen.findByText('Refund of ₹999 processed.', { exact: false })).toBeInTheDocument()
    expect(screen.getAllByText('Refunded').length).toBeGreaterThan(0)
    expect(screen.queryByText(/not accepted/)).not.toBeInTheDocument()
  })

  it('is the not-found page for a token we never gave', async () => {
    mockApi({ 'GET /api/pages/enrolment/nope': () => json({ message: 'No enrolment with this reference.', extra: {} }, 404) })
    renderRoute('/e/nope')
    expect(await screen.findByRole('heading', { level: 1, name: /couldn’t find that page/i })).toBeInTheDocument()
  })
})

describe('the course page on the student’s road', () => {
  it('offers "Send me my payment link" on the refusal of a phone enrolled elsewhere, and says where it went', async () => {
    const held =
      'This phone number already has an enrolment for this course waiting for payment. Open it in the browser or the account it was made with, or log in with this phone number. Unpaid enrolments are released after a few days.'
    const api = mockApi({
      'POST /api/enrolments': () => json({ message: held, extra: { fields: { phone: held }, can_view: false } }, 409),
      'POST /api/enrolments/payment-link': () => json({ message: 'We have sent your payment link to +91 87xxxxx109.' }, 202),
    })
    renderRoute(COURSE_PATH)
    const user = userEvent.setup()
    const form = await screen.findByRole('region', { name: /enrol in web development/i })
    await user.type(within(form).getByLabelText(/^name/i), 'Ravi Kumar')
    await user.type(within(form).getByLabelText(/^phone number/i), '87654 32109')
    await user.type(within(form).getByLabelText(/^email/i), 'ravi@example.com')
    await user.click(within(form).getByRole('button', { name: /enrol and pay/i }))

    const offer = await screen.findByRole('button', { name: 'Send me my payment link' })
    await user.click(offer)

    expect(await screen.findByText('We have sent your payment link to +91 87xxxxx109.')).toBeInTheDocument()
    expect(await sentBodies(api, 'POST /api/enrolments/payment-link')).toEqual([{ course: 'web-development', phone: '87654 32109' }])
  })

  it('fills the referral code in from the cookie a ?ref= address left', async () => {
    document.cookie = 'ref=IRCTP2222; path=/'
    mockApi()
    renderRoute(COURSE_PATH)
    const form = await screen.findByRole('region', { name: /enrol in web development/i })
    await waitFor(() => expect(within(form).getByLabelText(/referral code/i)).toHaveValue('IRCTP2222'))
  })

  it('says Refunded for a refunded enrolment of this browser', async () => {
    mockApi({
      ...answerPage('path', () => ({ enrolments: [
          enrolment({ course: webCourse, status: 'rejected', status_display: 'Refunded', refunded: true, is_open: false, can_submit_utr: false, payment: null }),
        ] })),
    })
    renderRoute(COURSE_PATH)
    expect(await screen.findByText('Refunded: enrolment ENR-7K3F9Q')).toBeInTheDocument()
    expect(screen.getByText(/Refund of ₹999 processed/)).toBeInTheDocument()
    expect(screen.queryByText(/was not accepted/)).not.toBeInTheDocument()
  })
})
