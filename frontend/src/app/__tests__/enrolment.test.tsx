import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createRoutesStub } from 'react-router'
import { beforeEach, describe, expect, it } from 'vitest'

import type { components } from '@/api/schema'
import { learner } from '@/app/__tests__/accounts-fixtures'
import { action as courseAction } from '@/app/routes/page'
import type { EnrolmentAnswer } from '@/features/enrolments/answer'
import { EnrolmentSection } from '@/features/enrolments/components/enrolment-section'
import { shownEnrolment } from '@/features/enrolments/shown'
import { answerPage, json, mockApi, sentBodies } from '@/test/api'
import type { PageOverrides } from '@/test/page-data'
import { renderRoute } from '@/test/render'

type Enrolment = components['schemas']['EnrolmentOut']

const COURSE_PATH = '/Web-Development-registration'

const payment = {
  amount: 999,
  amount_display: '₹999',
  upi_link: 'upi://pay?pa=placeholder@upi&pn=YourBrand&am=999.00&cu=INR&tr=ENR-ABC234&tn=Web%20Development%20enrolment%20ENR-ABC234',
  payee_id: 'placeholder@upi',
  payee_name: 'YourBrand',
  reference: 'ENR-ABC234',
  note: 'Web Development enrolment ENR-ABC234',
  qr_url: '/api/enrolments/ENR-ABC234/qr.svg',
}

function enrolment(overrides: Partial<Enrolment> = {}): Enrolment {
  return {
    reference: 'ENR-ABC234',
    status: 'pending',
    status_display: 'Waiting for payment',
    refunded: false,
    pay_online: false,
    course: { kind: 'course', slug: 'web-development', name: 'Web Development (MERN stack)', short_name: 'Web Development', route: COURSE_PATH },
    name: 'Ravi Kumar',
    phone: '+918765432109',
    phone_display: '+91 87654 32109',
    email: 'ravi@example.com',
    amount: 999,
    amount_display: '₹999',
    referral_code_used: '',
    utr: '',
    rejected_reason: '',
    state: '',
    gstin: '',
    business_name: '',
    invoice: null,
    created_at: '2026-11-20T10:00:00Z',
    utr_submitted_at: null,
    confirmed_at: null,
    can_submit_utr: true,
    is_open: true,
    payment,
    ...overrides,
  }
}

const UTR_MESSAGE = 'Enter the 12-digit UPI transaction reference (UTR) shown in your UPI app.'

const STATES = [
  { code: '27', name: 'Maharashtra' },
  { code: '29', name: 'Karnataka' },
]

/** A course page's answer with these states and fields (its course the one at its path). */
function coursePage(fields: () => PageOverrides<'path'> = () => ({})) {
  return answerPage('path', () => ({ states: STATES, ...fields() }))
}

/** What every course page needs besides its data: the CSRF cookie for its forms. */
const csrf = {
  'GET /api/auth/csrf': () => {
    document.cookie = 'csrftoken=test-token; path=/'
    return json({ csrf_token: 'test-token' })
  },
  ...coursePage(),
}

/**
 * This browser session's enrolments as Django keeps them (the course page's `enrolments`
 * for a visitor not logged in): `made` at first, and each enrolment the API then makes or
 * updates.
 */
function session(made: Enrolment[] = []) {
  const enrolments = new Map(made.map((item) => [item.reference, item]))
  return {
    keep(item: Enrolment) {
      enrolments.set(item.reference, item)
      return item
    },
    handlers: coursePage(() => ({ enrolments: [...enrolments.values()] })),
  }
}

async function fillForm(user: ReturnType<typeof userEvent.setup>, values: { name?: string; phone?: string; email?: string } = {}) {
  const form = await screen.findByRole('region', { name: /enrol in web development/i })
  await user.type(within(form).getByLabelText(/^name/i), values.name ?? 'Ravi Kumar')
  await user.type(within(form).getByLabelText(/^phone number/i), values.phone ?? '87654 32109')
  await user.type(within(form).getByLabelText(/^email/i), values.email ?? 'ravi@example.com')
  return form
}

beforeEach(() => {
  document.cookie = 'csrftoken=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/'
})

describe('course page enrolment', () => {
  it('prefills the referral code from ?ref= in capitals and sends it with the form', async () => {
    let body: Record<string, unknown> | undefined
    let token: string | null = null
    const browser = session()
    mockApi({
      ...csrf,
      ...browser.handlers,
      'POST /api/enrolments': async (request) => {
        body = (await request.json()) as Record<string, unknown>
        token = request.headers.get('X-CSRFToken')
        return json(browser.keep(enrolment({ referral_code_used: 'IRCTP3210' })), 201)
      },
    })
    const { history } = renderRoute(`${COURSE_PATH}?ref=irctp3210`)
    const user = userEvent.setup()
    const form = await fillForm(user)
    const code = within(form).getByLabelText(/referral code/i)
    expect(code).toHaveValue('IRCTP3210')
    expect(within(form).getByText('Filled in from your friend’s link.')).toBeInTheDocument()

    await user.click(within(form).getByRole('button', { name: 'Enrol and pay ₹999' }))

    const heading = await screen.findByRole('heading', { level: 2, name: 'Pay ₹999 to confirm your place' })
    await waitFor(() => expect(heading).toHaveFocus())
    expect(body).toEqual({
      course: 'web-development',
      name: 'Ravi Kumar',
      phone: '87654 32109',
      email: 'ravi@example.com',
      referral_code: 'IRCTP3210',
      state: '',
      gstin: '',
      business_name: '',
      coupon: '',
      batch: null,
    })
    expect(token).toBe('test-token')
    expect(screen.getByText('ENR-ABC234')).toBeInTheDocument()
    expect(screen.getByText('Waiting for payment')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Pay ₹999 with UPI' })).toHaveAttribute('href', payment.upi_link)
    expect(screen.getByRole('img', { name: /QR code to pay ₹999/ })).toHaveAttribute('src', payment.qr_url)
    expect(screen.getByText('placeholder@upi')).toBeInTheDocument()
    // The enrolment being paid is in the address: a reload (back from the UPI app) shows it again.
    expect(history.location.pathname).toBe(COURSE_PATH)
    expect(new URLSearchParams(history.location.search).get('enrolment')).toBe('ENR-ABC234')
    expect(new URLSearchParams(history.location.search).get('ref')).toBe('irctp3210')
  })

  it('sends the state chosen and a business’s GSTIN and name, and shows the GSTIN’s refusal at its field', async () => {
    const reason = 'This GSTIN’s last character (its check digit) does not match the rest: look for a mistyped character.'
    const api = mockApi({
      ...csrf,
      ...answerPage('path', {
        states: [
          { code: '27', name: 'Maharashtra' },
          { code: '29', name: 'Karnataka' },
        ],
      }),
      'POST /api/enrolments': () => json({ message: 'Please correct the errors below.', extra: { fields: { gstin: reason } } }, 422),
    })
    renderRoute(COURSE_PATH)
    const user = userEvent.setup()
    const form = await fillForm(user)
    await user.selectOptions(within(form).getByLabelText(/^state/i), await within(form).findByRole('option', { name: 'Karnataka' }))
    await user.click(within(form).getByText('GST invoice for a business (optional)'))
    await user.type(within(form).getByLabelText(/^gstin/i), '29AAGCB7383J1Z5')
    await user.type(within(form).getByLabelText(/^business name/i), 'Acme Learning LLP')
    await user.click(within(form).getByRole('button', { name: /enrol and pay/i }))

    const gstin = within(form).getByLabelText(/^gstin/i)
    await waitFor(() => expect(gstin).toHaveAccessibleDescription(expect.stringContaining(reason)))
    await waitFor(() => expect(gstin).toHaveFocus())
    expect(await sentBodies(api, 'POST /api/enrolments')).toEqual([
      expect.objectContaining({ state: '29', gstin: '29AAGCB7383J1Z5', business_name: 'Acme Learning LLP' }),
    ])
  })

  it('prefills the discount code from ?coupon=, sends it, and shows its refusal at the field', async () => {
    const reason = 'This code has expired.'
    const api = mockApi({
      ...csrf,
      'POST /api/enrolments': () => json({ message: 'Please correct the errors below.', extra: { fields: { coupon: reason } } }, 422),
    })
    renderRoute(`${COURSE_PATH}?coupon=launch20`)
    const user = userEvent.setup()
    const form = await fillForm(user)
    const coupon = within(form).getByLabelText('Discount code')
    expect(coupon).toHaveValue('launch20')
    expect(within(form).getByText('Filled in from the offer’s link.')).toBeInTheDocument()
    await user.click(within(form).getByRole('button', { name: /enrol and pay/i }))

    await waitFor(() => expect(coupon).toHaveAccessibleDescription(expect.stringContaining(reason)))
    await waitFor(() => expect(coupon).toHaveFocus())
    expect(await sentBodies(api, 'POST /api/enrolments')).toEqual([expect.objectContaining({ coupon: 'launch20' })])

    // Typed by hand, without an offer's link: sent as typed (the server matches it ignoring case).
    await user.clear(coupon)
    await user.type(coupon, 'COLLEGE10')
    await user.click(within(form).getByRole('button', { name: /enrol and pay/i }))
    await waitFor(async () => expect(await sentBodies(api, 'POST /api/enrolments')).toHaveLength(2))
    expect((await sentBodies(api, 'POST /api/enrolments'))[1]).toEqual(expect.objectContaining({ coupon: 'COLLEGE10' }))
  })

  it('asks for the empty required fields before sending, in the server’s words, and focuses the first', async () => {
    const api = mockApi(csrf)
    renderRoute(COURSE_PATH)
    const user = userEvent.setup()
    const form = await screen.findByRole('region', { name: /enrol in web development/i })
    await user.type(within(form).getByLabelText(/^email/i), '   ')
    await user.click(within(form).getByRole('button', { name: /enrol and pay/i }))

    expect(within(form).getByLabelText(/^name/i)).toHaveFocus()
    expect(within(form).getByText('Enter your name.')).toBeInTheDocument()
    expect(within(form).getByText('Enter your phone number.')).toBeInTheDocument()
    expect(within(form).getByText('Enter your email address.')).toBeInTheDocument()
    // Nothing sent: no enrolment posted (the page's own reads are not sends).
    expect(await sentBodies(api, 'POST /api/enrolments')).toEqual([])
  })

  it('leaves formats to the server and shows its field errors, focusing the first', async () => {
    const fields = {
      phone: 'Enter a valid Indian mobile number, for example 98765 43210.',
      email: 'Enter a valid email address.',
    }
    const api = mockApi({
      ...csrf,
      'POST /api/enrolments': () => json({ message: 'Please correct the errors below.', extra: { fields } }, 422),
    })
    renderRoute(COURSE_PATH)
    const user = userEvent.setup()
    const form = await screen.findByRole('region', { name: /enrol in web development/i })
    await user.type(within(form).getByLabelText(/^name/i), 'Ravi Kumar')
    await user.type(within(form).getByLabelText(/^phone number/i), '12345')
    await user.type(within(form).getByLabelText(/^email/i), 'not-an-email')
    await user.click(within(form).getByRole('button', { name: /enrol and pay/i }))

    const phone = within(form).getByLabelText(/^phone number/i)
    await waitFor(() => expect(phone).toHaveAccessibleDescription(expect.stringContaining(fields.phone)))
    expect(phone).toHaveAttribute('aria-invalid', 'true')
    expect(within(form).getByLabelText(/^email/i)).toHaveAccessibleDescription(expect.stringContaining(fields.email))
    expect(within(form).getByLabelText(/^name/i)).not.toHaveAttribute('aria-invalid')
    await waitFor(() => expect(phone).toHaveFocus())
    expect(await sentBodies(api, 'POST /api/enrolments')).toEqual([expect.objectContaining({ phone: '12345', email: 'not-an-email' })])
  })

  it.each([
    ['an unknown code', 'This referral code does not exist. Check it or leave the field empty.'],
    ['the enroller’s own code', 'You cannot use your own referral code.'],
  ])('shows the refusal of %s next to the referral code field', async (_case, message) => {
    mockApi({
      ...csrf,
      'POST /api/enrolments': () => json({ message: 'Please correct the errors below.', extra: { fields: { referral_code: message } } }, 422),
    })
    renderRoute(`${COURSE_PATH}?ref=IRCTP0000`)
    const user = userEvent.setup()
    const form = await fillForm(user)
    await user.click(within(form).getByRole('button', { name: /enrol and pay/i }))

    const code = within(form).getByLabelText(/referral code/i)
    expect(await within(form).findByText(message)).toBeInTheDocument()
    await waitFor(() => expect(code).toHaveFocus())
    expect(code).toHaveAttribute('aria-invalid', 'true')
    expect(screen.queryByRole('link', { name: /with upi/i })).not.toBeInTheDocument()
  })

  it('opens the existing enrolment when the phone already has one from this browser', async () => {
    const message = 'You already have an enrolment for this course waiting for payment. Use its payment details below.'
    mockApi({
      ...csrf,
      // The visitor asked for the empty form ("Enrol someone else") and typed their own phone.
      ...session([enrolment()]).handlers,
      'POST /api/enrolments': () =>
        json({ message, extra: { fields: { phone: message }, reference: 'ENR-ABC234', payment, can_view: true } }, 409),
    })
    renderRoute(`${COURSE_PATH}?enrol=another`)
    const user = userEvent.setup()
    const form = await fillForm(user)
    await user.click(within(form).getByRole('button', { name: /enrol and pay/i }))

    const heading = await screen.findByRole('heading', { level: 2, name: 'Pay ₹999 to confirm your place' })
    await waitFor(() => expect(heading).toHaveFocus())
    expect(screen.getByText(message).closest('[role="status"]')).not.toBeNull()
    expect(screen.getByLabelText(/UPI transaction reference/)).toBeInTheDocument()
  })

  it('shows someone else’s refusal at the phone field, without any detail of their enrolment', async () => {
    const message = 'This phone number already has an enrolment for this course waiting for payment.'
    mockApi({
      ...csrf,
      'POST /api/enrolments': () => json({ message, extra: { fields: { phone: message }, can_view: false } }, 409),
    })
    renderRoute(COURSE_PATH)
    const user = userEvent.setup()
    const form = await fillForm(user)
    await user.click(within(form).getByRole('button', { name: /enrol and pay/i }))

    expect(await within(form).findByText(message)).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: /Pay ₹999 with UPI/ })).not.toBeInTheDocument()
    expect(within(form).getByRole('button', { name: /enrol and pay/i })).toBeInTheDocument()
  })

  it('says so when enrolments are rate-limited', async () => {
    mockApi({
      ...csrf,
      'POST /api/enrolments': () =>
        json({ message: 'You have enrolled several times in a short time. Please try again in 10 minutes.', extra: { retry_after: 600 } }, 429),
    })
    renderRoute(COURSE_PATH)
    const user = userEvent.setup()
    const form = await fillForm(user)
    await user.click(within(form).getByRole('button', { name: /enrol and pay/i }))
    const alert = await within(form).findByText(/please try again in 10 minutes/i)
    expect(alert.closest('[role="alert"]')).not.toBeNull()
  })

  it('prefills a logged-in user’s details', async () => {
    mockApi({ ...csrf, ...coursePage(() => ({ enrolments: [] })) })
    renderRoute(COURSE_PATH, { user: learner })
    const form = await screen.findByRole('region', { name: /enrol in web development/i })
    expect(await within(form).findByLabelText(/^name/i)).toHaveValue('Asha Verma')
    expect(within(form).getByLabelText(/^phone number/i)).toHaveValue('+91 98765 43210')
    expect(within(form).getByLabelText(/^email/i)).toHaveValue('asha@example.com')
    expect(within(form).getByLabelText(/referral code/i)).toHaveValue('')
  })

  it('shows a logged-in user’s open enrolment for the course instead of the form', async () => {
    mockApi({ ...csrf, ...coursePage(() => ({ enrolments: [enrolment({ name: 'Asha Verma' })] })) })
    renderRoute(COURSE_PATH, { user: learner })
    expect(await screen.findByRole('heading', { level: 2, name: 'Pay ₹999 to confirm your place' })).toBeInTheDocument()
    expect(screen.getByText('ENR-ABC234')).toBeInTheDocument()
  })

  it('comes back to the enrolment made in this browser session, and says so when the address names one it cannot show', async () => {
    mockApi({ ...csrf, ...session([enrolment()]).handlers })
    const first = renderRoute(COURSE_PATH)
    expect(await screen.findByRole('heading', { level: 2, name: 'Pay ₹999 to confirm your place' })).toBeInTheDocument()
    expect(screen.getByText('ENR-ABC234')).toBeInTheDocument()
    first.unmount()

    // Another browser, or a session that has ended: the address's enrolment is not this visitor's.
    mockApi(csrf)
    renderRoute(`${COURSE_PATH}?enrolment=ENR-ABC234`)
    const notice = await screen.findByText('We cannot show enrolment ENR-ABC234 here')
    expect(notice.closest('[role="status"]')).not.toBeNull()
    expect(screen.getByRole('heading', { level: 2, name: 'Enrol in Web Development (MERN stack)' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: /enrol and pay/i })).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: /with UPI/ })).not.toBeInTheDocument()
  })

  it('submits the UTR, asks for one when empty, and shows the server’s refusals at the field', async () => {
    const sent: unknown[] = []
    let attempts = 0
    const browser = session([enrolment()])
    mockApi({
      ...csrf,
      ...browser.handlers,
      'POST /api/enrolments/ENR-ABC234/utr': async (request) => {
        sent.push(await request.json())
        attempts += 1
        if (attempts === 1) {
          return json({ message: 'Please correct the errors below.', extra: { fields: { utr: UTR_MESSAGE } } }, 422)
        }
        if (attempts === 2) {
          return json(
            { message: 'Please correct the errors below.', extra: { fields: { utr: 'This UTR has already been submitted for another enrolment.' } } },
            422,
          )
        }
        return json(
          browser.keep(
            enrolment({
              status: 'paid_claimed',
              status_display: 'Payment submitted',
              utr: '412345678901',
              utr_submitted_at: '2026-11-20T11:00:00Z',
              payment: null,
              can_submit_utr: false,
            }),
          ),
        )
      },
    })
    const { history } = renderRoute(COURSE_PATH)
    const user = userEvent.setup()
    const input = await screen.findByLabelText(/UPI transaction reference/)

    await user.click(screen.getByRole('button', { name: 'Submit UTR' }))
    expect(screen.getByText(UTR_MESSAGE)).toBeInTheDocument()
    expect(input).toHaveFocus()
    expect(sent).toHaveLength(0)

    // The UTR's form is the server's to check: its answer is shown at the field, focused.
    await user.type(input, '12345')
    await user.click(screen.getByRole('button', { name: 'Submit UTR' }))
    await waitFor(() => expect(input).toHaveAccessibleDescription(expect.stringContaining(UTR_MESSAGE)))
    expect(input).toHaveAttribute('aria-invalid', 'true')
    await waitFor(() => expect(input).toHaveFocus())
    expect(sent[0]).toEqual({ utr: '12345' })

    await user.clear(input)
    await user.type(input, '4123 4567 8900')
    await user.click(screen.getByRole('button', { name: 'Submit UTR' }))
    expect(await screen.findByText('This UTR has already been submitted for another enrolment.')).toBeInTheDocument()
    // Sent as typed: the server ignores the spaces.
    expect(sent[1]).toEqual({ utr: '4123 4567 8900' })

    await user.clear(input)
    await user.type(input, '412345678901')
    await user.click(screen.getByRole('button', { name: 'Submit UTR' }))
    const thanks = await screen.findByText('Thank you, we have your UTR')
    expect(thanks.closest('[role="status"]')).not.toBeNull()
    expect(screen.getByText('Payment submitted')).toBeInTheDocument()
    expect(screen.getByText('412345678901')).toBeInTheDocument()
    // Once the UTR is in, the page stops asking for payment (issue 15.16): only staff change it.
    expect(screen.getByRole('heading', { level: 2, name: 'We are checking your payment' })).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: /Pay ₹999 with UPI/ })).not.toBeInTheDocument()
    expect(screen.queryByLabelText(/UPI transaction reference/)).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Correct the UTR' })).not.toBeInTheDocument()
    // The form was sent at the address naming its enrolment.
    expect(new URLSearchParams(history.location.search).get('enrolment')).toBe('ENR-ABC234')
  })

  it('says a confirmed enrolment is confirmed and offers to enrol someone else', async () => {
    const confirmed = enrolment({ status: 'confirmed', status_display: 'Confirmed', confirmed_at: '2026-11-21T06:00:00Z', payment: null, can_submit_utr: false, is_open: false })
    mockApi({ ...csrf, ...session([confirmed]).handlers })
    const { history } = renderRoute(COURSE_PATH)
    expect(await screen.findByRole('heading', { level: 2, name: 'You are enrolled in Web Development (MERN stack)' })).toBeInTheDocument()
    expect(screen.getByText(/is\s+confirmed \(21 Nov 2026\)/)).toBeInTheDocument()
    expect(screen.getByText(/We will email the batch details/)).toBeInTheDocument()
    // A link, with or without JavaScript: this page with the empty form.
    const again = screen.getByRole('link', { name: 'Enrol someone else' })
    expect(again).toHaveAttribute('href', `${COURSE_PATH}?enrol=another`)
    await userEvent.setup().click(again)
    expect(await screen.findByRole('button', { name: /enrol and pay/i })).toBeInTheDocument()
    expect(history.location.search).toBe('?enrol=another')
    const heading = screen.getByRole('heading', { level: 2, name: 'Enrol in Web Development (MERN stack)' })
    await waitFor(() => expect(heading).toHaveFocus())
    expect(screen.getByLabelText(/^name/i)).toHaveValue('')
  })

  it('shows why an enrolment was rejected, with the form to enrol again', async () => {
    mockApi({
      ...csrf,
      ...session([
        enrolment({ status: 'rejected', status_display: 'Rejected', rejected_reason: 'No payment with this UTR.', payment: null, can_submit_utr: false, is_open: false }),
      ]).handlers,
    })
    renderRoute(COURSE_PATH)
    expect(await screen.findByText('Enrolment ENR-ABC234 was not accepted')).toBeInTheDocument()
    expect(screen.getByText(/No payment with this UTR\./)).toBeInTheDocument()
    expect(screen.getByLabelText(/^name/i)).toHaveValue('Ravi Kumar')
  })
})

describe('bootcamp page enrolment', () => {
  it('has the enrolment form as its one payment route (no Pay link to /payment)', async () => {
    mockApi(csrf)
    renderRoute('/java+android_bootcamp')
    expect(await screen.findByRole('region', { name: /enrol in/i })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Enrol and pay ₹199' })).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Pay ₹199' })).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: /enrol now/i })).toHaveAttribute('href', '#enrol')
  })

  it('is the not-found page when the bootcamp is gone (no active course has its page path)', async () => {
    mockApi({ ...csrf, ...answerPage('path', () => json({ message: 'No page at this address.', extra: {} }, 404)) })
    renderRoute('/java+android_bootcamp')
    expect(await screen.findByRole('heading', { level: 1, name: /couldn’t find that page/i })).toBeInTheDocument()
    expect(screen.queryByRole('region', { name: /enrol in/i })).not.toBeInTheDocument()
  })
})

/** Posts a form to the course page's action, as a browser without JavaScript does. */
async function post(
  fields: Record<string, string>,
  search = '',
  requestPath = COURSE_PATH,
): Promise<{ status: number; answer?: EnrolmentAnswer; location?: string }> {
  const request = new Request(`http://localhost${requestPath}${search}`, {
    method: 'POST',
    body: new URLSearchParams(fields),
  })
  // React Router hands an action the page's address in `url` (without a data request's `.data`).
  const url = new URL(`http://localhost${COURSE_PATH}${search}`)
  const result = (await courseAction({ request, url, params: {}, context: {} } as Parameters<typeof courseAction>[0])) as unknown
  if (result instanceof Response) return { status: result.status, location: result.headers.get('Location') ?? undefined }
  if (result && typeof result === 'object' && 'init' in result && 'data' in result) {
    const { data, init } = result as { data: EnrolmentAnswer; init: ResponseInit | null }
    return { status: init?.status ?? 200, answer: data }
  }
  return { status: 200, answer: result as EnrolmentAnswer }
}

const course = { slug: 'web-development', name: 'Web Development (MERN stack)', payable_fee_display: '₹999' }

/**
 * The section as the server renders the page at `address`: from the page's data (this
 * session's `enrolments`) and the action's answer, if any (no browser state).
 */
function renderPage({ address = COURSE_PATH, enrolments = [], answer }: { address?: string; enrolments?: Enrolment[]; answer?: EnrolmentAnswer }) {
  function Page() {
    const search = new URLSearchParams(address.split('?')[1] ?? '')
    const answered = answer && !answer.ok && answer.intent === 'enrol' ? answer.reference : undefined
    const shown = shownEnrolment({ courseSlug: course.slug, enrolments, search, answered })
    return <EnrolmentSection course={course} states={STATES} shown={shown} result={answer} />
  }
  const Stub = createRoutesStub([{ path: COURSE_PATH, Component: Page }])
  return render(<Stub initialEntries={[address]} />)
}

describe('course page enrolment without JavaScript (the pages the server renders after each form)', () => {
  it('sends the enrolment made to this page naming it, which shows its payment instructions and the UTR form', async () => {
    mockApi({ ...csrf, 'POST /api/enrolments': () => json(enrolment(), 201) })
    const { status, location } = await post(
      { intent: 'enrol', course: 'web-development', name: ' Ravi Kumar ', phone: '87654 32109', email: 'ravi@example.com', referral_code: 'irctp 3210' },
      '?ref=irctp3210&enrol=another',
    )
    expect(status).toBe(302)
    // The friend's code stays in the address; the empty form asked for before does not.
    expect(location).toBe(`${COURSE_PATH}?ref=irctp3210&enrolment=ENR-ABC234`)

    const { container } = renderPage({ address: location, enrolments: [enrolment()] })
    const heading = await screen.findByRole('heading', { level: 2, name: 'Pay ₹999 to confirm your place' })
    // The page opens on it (the server renders `autofocus`).
    expect(heading).toHaveAttribute('tabindex', '-1')
    expect(screen.getByRole('link', { name: 'Pay ₹999 with UPI' })).toHaveAttribute('href', payment.upi_link)
    expect(screen.getByRole('img', { name: /QR code to pay ₹999/ })).toHaveAttribute('src', payment.qr_url)
    const utrForm = screen.getByLabelText(/UPI transaction reference/).closest('form')
    expect(utrForm).toHaveAttribute('method', 'post')
    // Sent where the page after its answer shows the same enrolment.
    expect(utrForm).toHaveAttribute('action', `${COURSE_PATH}?ref=irctp3210&enrolment=ENR-ABC234`)
    expect(container.querySelector('input[name="intent"][value="utr"]')).not.toBeNull()
    expect(container.querySelector('input[name="reference"]')).toHaveValue('ENR-ABC234')
  })

  it('sends an enrolment posted by the page itself (a .data request) to the page, not to the data address', async () => {
    mockApi({ ...csrf, 'POST /api/enrolments': () => json(enrolment(), 201) })
    const { status, location } = await post(
      { intent: 'enrol', course: 'web-development', name: 'Ravi Kumar', phone: '8765432109', email: 'ravi@example.com' },
      '',
      `${COURSE_PATH}.data`,
    )
    expect(status).toBe(302)
    expect(location).toBe(`${COURSE_PATH}?enrolment=ENR-ABC234`)
  })

  it('sends the enrolment with the values trimmed and the code as typed (the server normalises it)', async () => {
    let body: unknown
    mockApi({
      ...csrf,
      'POST /api/enrolments': async (request) => {
        body = await request.json()
        return json(enrolment(), 201)
      },
    })
    await post({ intent: 'enrol', course: 'web-development', name: ' Ravi Kumar ', phone: '87654 32109 ', email: ' ravi@example.com', referral_code: 'irctp 3210' })
    expect(body).toEqual({
      course: 'web-development',
      name: 'Ravi Kumar',
      phone: '87654 32109',
      email: 'ravi@example.com',
      referral_code: 'irctp 3210',
      state: '',
      gstin: '',
      business_name: '',
      coupon: '',
      batch: null,
    })
  })

  it('answers field errors with the API’s status and fills the form again', async () => {
    mockApi({
      ...csrf,
      'POST /api/enrolments': () =>
        json({ message: 'Please correct the errors below.', extra: { fields: { email: 'Enter a valid email address.' } } }, 422),
    })
    const { status, answer } = await post({ intent: 'enrol', course: 'web-development', name: 'Ravi Kumar', phone: '87654 32109', email: 'ravi@', referral_code: '', state: '29' })
    expect(status).toBe(422)

    renderPage({ answer })
    const email = await screen.findByLabelText(/^email/i)
    expect(email).toHaveValue('ravi@')
    expect(email).toHaveAttribute('aria-invalid', 'true')
    expect(email).toHaveAccessibleDescription(expect.stringContaining('Enter a valid email address.'))
    expect(screen.getByLabelText(/^name/i)).toHaveValue('Ravi Kumar')
    expect(screen.getByLabelText(/^state/i)).toHaveValue('29')
  })

  it('shows this visitor’s own open enrolment on a 409, with the API’s message', async () => {
    const message = 'You already have an enrolment for this course waiting for payment. Use its payment details below.'
    mockApi({
      ...csrf,
      'POST /api/enrolments': () => json({ message, extra: { fields: { phone: message }, reference: 'ENR-ABC234', payment, can_view: true } }, 409),
    })
    const { status, answer } = await post(
      { intent: 'enrol', course: 'web-development', name: 'Ravi Kumar', phone: '87654 32109', email: 'ravi@example.com', referral_code: '' },
      '?enrol=another',
    )
    expect(status).toBe(409)
    expect(answer).toMatchObject({ ok: false, intent: 'enrol', reference: 'ENR-ABC234' })

    renderPage({ address: `${COURSE_PATH}?enrol=another`, enrolments: [enrolment()], answer })
    expect(await screen.findByRole('heading', { level: 2, name: 'Pay ₹999 to confirm your place' })).toBeInTheDocument()
    expect(screen.getByText(message).closest('[role="status"]')).not.toBeNull()
    expect(screen.getByLabelText(/UPI transaction reference/)).toBeInTheDocument()
  })

  it('keeps the payment details with a refused UTR, and shows the payment submitted after a good one', async () => {
    let attempts = 0
    const claimed = enrolment({ status: 'paid_claimed', status_display: 'Payment submitted', utr: '412345678901', payment: null, can_submit_utr: false })
    mockApi({
      ...csrf,
      'POST /api/enrolments/ENR-ABC234/utr': () => {
        attempts += 1
        if (attempts === 1) return json({ message: 'Please correct the errors below.', extra: { fields: { utr: UTR_MESSAGE } } }, 422)
        return json(claimed)
      },
    })
    const address = `${COURSE_PATH}?enrolment=ENR-ABC234`
    const refused = await post({ intent: 'utr', reference: 'ENR-ABC234', utr: '123' }, '?enrolment=ENR-ABC234')
    expect(refused.status).toBe(422)
    const first = renderPage({ address, enrolments: [enrolment()], answer: refused.answer })
    const input = await screen.findByLabelText(/UPI transaction reference/)
    expect(input).toHaveValue('123')
    expect(input).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByText(UTR_MESSAGE)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Pay ₹999 with UPI' })).toBeInTheDocument()
    first.unmount()

    const accepted = await post({ intent: 'utr', reference: 'ENR-ABC234', utr: '4123 4567 8901' }, '?enrolment=ENR-ABC234')
    expect(accepted.status).toBe(200)
    expect(accepted.answer).toEqual({ ok: true, intent: 'utr', reference: 'ENR-ABC234' })
    // The page's data after the action: the enrolment as the API now has it.
    renderPage({ address, enrolments: [claimed], answer: accepted.answer })
    expect(await screen.findByRole('heading', { level: 2, name: 'We are checking your payment' })).toBeInTheDocument()
    expect(screen.getByText('Thank you, we have your UTR')).toBeInTheDocument()
    expect(screen.queryByLabelText(/UPI transaction reference/)).not.toBeInTheDocument()
  })

  it('shows the empty form for “Enrol someone else”, whatever enrolment this session has', async () => {
    renderPage({ address: `${COURSE_PATH}?enrol=another`, enrolments: [enrolment()] })
    expect(await screen.findByRole('button', { name: /enrol and pay/i })).toBeInTheDocument()
    expect(screen.getByLabelText(/^name/i)).toHaveValue('')
    expect(screen.queryByText('ENR-ABC234')).not.toBeInTheDocument()
  })
})
