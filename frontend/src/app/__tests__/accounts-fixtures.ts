import type { components } from '@/api/schema'
import { json } from '@/test/api'
import { courses } from '@/test/catalog-fixtures'
import { NOTHING_TO_PAY, newMessagePreferences, noRewards } from '@/test/fixtures'

/** The course cards (the catalogue fixtures'), a new account's rewards and preferences: the pages' defaults (src/test/page-data.ts). */
export { courses, NOTHING_TO_PAY, newMessagePreferences, noRewards }

type Schemas = components['schemas']

export const learner: Schemas['UserOut'] = {
  name: 'Asha Verma',
  phone: '+919876543210',
  phone_display: '+91 98765 43210',
  email: 'asha@example.com',
  phone_confirmed: true,
  referral_code: 'IRCTP3210',
  is_staff: false,
  can_import_certificates: false,
}


/** Four confirmed referrals (₹650 net of a reversal), ₹150 already paid, ₹500 to ask for. */
export const withBalance: Schemas['ReferralSummaryOut'] = {
  ...noRewards,
  successful_referrals: 4,
  earned: 650,
  paid: 150,
  payable: 500,
  earned_display: '₹650',
  paid_display: '₹150',
  payable_display: '₹500',
  can_request_payout: true,
  payout_refusal: null,
}

/** A new reward of ₹300 on hold, ₹40 past its hold: under the minimum, so nothing to ask for yet. */
export const withRewardOnHold: Schemas['ReferralSummaryOut'] = {
  ...noRewards,
  successful_referrals: 2,
  earned: 340,
  on_hold: 300,
  payable: 40,
  earned_display: '₹340',
  on_hold_display: '₹300',
  payable_display: '₹40',
  held_rewards: [
    {
      id: 9,
      amount: 300,
      amount_display: '₹300',
      course_name: 'Python (Basic Python)',
      on_hold_until: '2026-12-03',
      on_hold_until_display: '3 December 2026',
    },
  ],
  can_request_payout: false,
  payout_refusal: 'You can ask for a payout once ₹100 is payable. ₹40 is payable now. ₹300 is on hold.',
}

/** The same referrer after asking for the ₹500 (2024-03-26 in India). */
export const payoutRequested: Schemas['PayoutRequestOut'] = {
  id: 7,
  amount: 500,
  amount_display: '₹500',
  upi_id: 'asha@okaxis',
  requested_at: '2024-03-26T04:30:00Z',
}

/** The server's words while a request waits (referrals.selectors.payout_refusal). */
export const REQUEST_WAITING = 'Your request of ₹500 to asha@okaxis is waiting since 26 March 2024. You can ask again once we have paid it.'

export const withOpenRequest: Schemas['ReferralSummaryOut'] = {
  ...withBalance,
  pending_payout: 500,
  pending_payout_display: '₹500',
  payable: 0,
  payable_display: '₹0',
  can_request_payout: false,
  payout_refusal: REQUEST_WAITING,
  open_request: payoutRequested,
}

/** The ledger, newest first, as /api/referrals/entries sends it. */
export const rewardEntries: Schemas['RewardEntryOut'][] = [
  {
    id: 5,
    kind: 'reversal',
    kind_display: 'Reversal',
    amount: 100,
    signed_amount: -100,
    signed_amount_display: '\u2212₹100',
    course_name: 'Java',
    // 9:00 pm on 25 Mar in India, still 25 Mar in UTC: the date shown is India's.
    created_at: '2024-03-25T15:30:00Z',
    note: 'Referral reward reversed (payment not confirmed or refunded)',
    on_hold_until: null,
    on_hold_until_display: null,
  },
  {
    id: 4,
    kind: 'payout',
    kind_display: 'Payout',
    amount: 150,
    signed_amount: -150,
    signed_amount_display: '\u2212₹150',
    course_name: '',
    created_at: '2024-03-10T06:00:00Z',
    note: 'Paid out to asha@okaxis',
    on_hold_until: null,
    on_hold_until_display: null,
  },
  {
    id: 3,
    kind: 'credit',
    kind_display: 'Credit',
    amount: 300,
    signed_amount: 300,
    signed_amount_display: '+₹300',
    course_name: 'Python (Basic Python)',
    // 1:00 am on 2 Mar in India, still 1 Mar in UTC.
    created_at: '2024-03-01T19:30:00Z',
    note: 'Referral reward',
    on_hold_until: null,
    on_hold_until_display: null,
  },
]

const payment: Schemas['PaymentInstructionsOut'] = {
  amount: 999,
  amount_display: '₹999',
  upi_link: 'upi://pay?pa=example@upi&pn=Example%20Academy&am=999.00&cu=INR&tr=ENR-7K3F9Q&tn=ENR-7K3F9Q',
  payee_id: 'example@upi',
  payee_name: 'Example Academy',
  reference: 'ENR-7K3F9Q',
  note: 'ENR-7K3F9Q',
  qr_url: '/api/enrolments/ENR-7K3F9Q/qr.svg',
}

export function enrolment(overrides: Partial<Schemas['EnrolmentOut']> = {}): Schemas['EnrolmentOut'] {
  return {
    reference: 'ENR-7K3F9Q',
    status: 'pending',
    status_display: 'Waiting for payment',
    refunded: false,
    pay_online: false,
    course: { kind: 'course', slug: 'web-development', name: 'Web Development (MERN stack)', short_name: 'Web Development', route: '/Web-Development-registration' },
    name: learner.name,
    phone: learner.phone,
    phone_display: learner.phone_display,
    email: learner.email,
    amount: 999,
    amount_display: '₹999',
    referral_code_used: '',
    utr: '',
    rejected_reason: '',
    state: '',
    gstin: '',
    business_name: '',
    invoice: null,
    created_at: '2024-03-20T05:00:00Z',
    utr_submitted_at: null,
    confirmed_at: null,
    can_submit_utr: true,
    is_open: true,
    payment,
    ...overrides,
  }
}

/** One enrolment in each status, newest first. */
export const myEnrolments: Schemas['EnrolmentOut'][] = [
  enrolment(),
  enrolment({
    reference: 'ENR-4M8PXW',
    status: 'paid_claimed',
    status_display: 'Payment submitted',
    course: { kind: 'course', slug: 'java', name: 'Java', short_name: 'Java', route: '/java-registration' },
    amount: 499,
    amount_display: '₹499',
    utr: '412345678901',
    utr_submitted_at: '2024-03-15T05:00:00Z',
    created_at: '2024-03-14T05:00:00Z',
    can_submit_utr: false,
    payment: null,
  }),
  enrolment({
    reference: 'ENR-9R2TZD',
    status: 'confirmed',
    status_display: 'Confirmed',
    course: { kind: 'course', slug: 'python', name: 'Python (Basic Python)', short_name: 'Python', route: '/python-registration' },
    amount: 4499,
    amount_display: '₹4,499',
    utr: '498765432109',
    created_at: '2024-02-01T05:00:00Z',
    confirmed_at: '2024-02-03T10:00:00Z',
    can_submit_utr: false,
    is_open: false,
    payment: null,
    invoice: { number: 'INV/23-24/000042', title: 'Tax invoice', download_url: '/api/invoices/tok3n-python/pdf' },
  }),
  enrolment({
    reference: 'ENR-6HWC3N',
    status: 'rejected',
    status_display: 'Rejected',
    course: { kind: 'course', slug: 'android-development', name: 'Android with Java', short_name: 'Android Development', route: '/Android-Development-registration' },
    amount: 3499,
    amount_display: '₹3,499',
    utr: '400000000001',
    rejected_reason: 'No payment with this UTR reached our account.',
    created_at: '2024-01-10T05:00:00Z',
    can_submit_utr: false,
    is_open: false,
    payment: null,
  }),
]

/**
 * What every accounts test needs besides the pages' answers (whose defaults are a new
 * account's: no rewards, no enrolments, every message by email): the CSRF cookie endpoint,
 * as Django sets it.
 */
export const accountHandlers = {
  'GET /api/auth/csrf': () => {
    document.cookie = 'csrftoken=test-token; path=/'
    return json({ csrf_token: 'test-token' })
  },
}
