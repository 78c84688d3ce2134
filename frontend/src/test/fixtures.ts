import type { components } from '@/api/schema'

type Schemas = components['schemas']

export const site: Schemas['SiteOut'] = {
  brand_name: 'Example Academy',
  tagline: 'Placeholder tagline for tests.',
  email: 'hello@example.com',
  phone: '+919876543210',
  phone_display: '+91 98765 43210',
  address: '123 Example Street, Example City',
  socials: [
    { label: 'Instagram', url: 'https://instagram.example/academy', icon: 'instagram' },
    { label: 'YouTube', url: 'https://youtube.example/academy', icon: 'youtube' },
  ],
  typed_phrases: ['Web development', 'Android apps', 'IoT projects'],
  upi_payee_id: 'example@upi',
  upi_payee_name: 'Example Academy',
  grievance_officer: 'Meera Nair, grievance officer (privacy@example.com)',
}

export const team: Schemas['TeamMemberOut'][] = [
  { name: 'Asha Verma', role: 'Lead developer', bio: 'Builds the web projects.', photo_url: null },
  { name: 'Ravi Kumar', role: 'Trainer', bio: 'Teaches Java and Android.', photo_url: '/media/team/ravi.jpg' },
]

export const projectPackages: Schemas['ProjectPackageOut'][] = [
  { slug: 'web-project', name: 'Web Project', price_usd: 50, price_usd_display: '$50', summary: 'A website.', features: ['Free hosting'] },
  { slug: 'iot-project', name: 'IoT Project', price_usd: 30, price_usd_display: '$30', summary: 'A device.', features: ['Sensors'] },
  { slug: 'ios-app-project', name: 'iOS App Project', price_usd: 500, price_usd_display: '$500', summary: 'An app.', features: ['Testing'] },
]

/** A few of the GST states (a course page's `states`), for the enrolment form's state field. */
export const gstStates = [
  { code: '27', name: 'Maharashtra' },
  { code: '29', name: 'Karnataka' },
]

/** The server's words for nothing to pay (referrals.selectors.NOTHING_TO_PAY). */
export const NOTHING_TO_PAY =
  'You have no reward balance to pay out yet. You earn a reward when a friend enrols with your code and we confirm their payment.'

/** A new referrer: nothing earned, nothing to ask for. */
export const noRewards: Schemas['ReferralSummaryOut'] = {
  successful_referrals: 0,
  earned: 0,
  on_hold: 0,
  payable: 0,
  pending_payout: 0,
  paid: 0,
  min_payout: 100,
  earned_display: '₹0',
  on_hold_display: '₹0',
  payable_display: '₹0',
  pending_payout_display: '₹0',
  paid_display: '₹0',
  min_payout_display: '₹100',
  held_rewards: [],
  can_request_payout: false,
  payout_refusal: NOTHING_TO_PAY,
  open_request: null,
}

/** A new account's message preferences: no WhatsApp consent yet, every kind by email. */
export const newMessagePreferences: Schemas['MessagePreferencesOut'] = {
  whatsapp_opt_in: false,
  whatsapp_opted_in_at: null,
  payments: 'email',
  tasks: 'email',
  certificates: 'email',
  reminders: 'email',
  classes: 'email',
}
