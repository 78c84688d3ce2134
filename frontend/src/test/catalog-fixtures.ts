/** Catalogue answers for tests, shaped like the seeded content (docs/product.md §2). */
import type { components } from '@/api/schema'

type Schemas = components['schemas']
type Course = Schemas['CourseOut']

const courseBase = {
  description: 'A live online course.\n\nWith a doubt session every week.',
  duration_text: '3 Months',
  timing: '9:00 PM - 11:00 PM',
  days: 'Mon/Wed/Fri',
  doubt_session: 'Sunday',
  mode: 'Online',
  certificate: true,
  highlights: ['Live online classes', 'Certificate of completion'],
  syllabus: ['Basics', 'A final project'],
  is_bootcamp: false,
  updated_at: '2024-01-01T00:00:00Z',
  offer_fee: null,
  offer_fee_display: null,
  has_offer: false,
  offer_label: '',
  offer_ends_on: null,
  offer_ends_text: null,
} satisfies Partial<Course>

export const courses: Course[] = [
  {
    ...courseBase,
    slug: 'web-development',
    name: 'Web Development (MERN stack)',
    short_name: 'Web Development',
    route: '/Web-Development-registration',
    summary: 'MongoDB, Express, React and Node.js.',
    list_fee: 2499,
    offer_fee: 999,
    payable_fee: 999,
    has_offer: true,
    offer_label: 'Offer price',
    list_fee_display: '₹2,499',
    offer_fee_display: '₹999',
    payable_fee_display: '₹999',
    referral_reward: 150,
    referral_reward_display: '₹150',
  },
  {
    ...courseBase,
    slug: 'android-development',
    name: 'Android with Java',
    short_name: 'Android Development',
    route: '/Android-Development-registration',
    summary: 'Android apps in Java.',
    list_fee: 3499,
    payable_fee: 3499,
    list_fee_display: '₹3,499',
    payable_fee_display: '₹3,499',
    referral_reward: 200,
    referral_reward_display: '₹200',
  },
  {
    ...courseBase,
    slug: 'java',
    name: 'Java',
    short_name: 'Java',
    route: '/java-registration',
    summary: 'Core Java.',
    list_fee: 2499,
    offer_fee: 499,
    payable_fee: 499,
    has_offer: true,
    offer_label: 'Promotional offer',
    list_fee_display: '₹2,499',
    offer_fee_display: '₹499',
    payable_fee_display: '₹499',
    referral_reward: 100,
    referral_reward_display: '₹100',
  },
  {
    ...courseBase,
    slug: 'python',
    name: 'Python (Basic Python)',
    short_name: 'Python',
    route: '/python-registration',
    summary: 'Basic Python.',
    timing: '5:00 PM - 7:00 PM',
    doubt_session: 'Saturday',
    list_fee: 4499,
    payable_fee: 4499,
    list_fee_display: '₹4,499',
    payable_fee_display: '₹4,499',
    referral_reward: 300,
    referral_reward_display: '₹300',
  },
]

export const bootcamp: Course = {
  ...courseBase,
  slug: 'java-android-bootcamp',
  name: 'Java + Android Bootcamp',
  short_name: 'Java + Android Bootcamp',
  route: '/java+android_bootcamp',
  summary: 'A one-month introduction.',
  duration_text: '1 Month',
  timing: '',
  days: '',
  doubt_session: '',
  list_fee: 199,
  payable_fee: 199,
  list_fee_display: '₹199',
  payable_fee_display: '₹199',
  referral_reward: 0,
  referral_reward_display: null,
  is_bootcamp: true,
}

export const internshipDomains: Schemas['InternshipDomainOut'][] = [
  { slug: 'web-development', title: 'Web Development', summary: 'Websites.', icon: 'web', duration: '30 Days', is_open: true, apply_url: '/internship/apply/web-development', disabled_reason: null },
  { slug: 'iot', title: 'Internet of Things', summary: 'Devices.', icon: 'iot', duration: '2 Months', is_open: true, apply_url: '/internship/apply/iot', disabled_reason: null },
  { slug: 'python', title: 'Python', summary: 'Scripts.', icon: 'python', duration: '30 Days', is_open: false, apply_url: null, disabled_reason: 'Applications are not open yet.' },
  { slug: 'java', title: 'Java', summary: 'Objects.', icon: 'java', duration: '', is_open: false, apply_url: null, disabled_reason: 'Applications are not open yet.' },
]

export const programme: Schemas['ProgrammeRowOut'][] = [
  { title: 'Live Projects', detail: 'Work on 3 live projects', duration_text: '2 months' },
  { title: 'Industrial Project Completion Certificate', detail: 'Issued at the end', duration_text: 'Duration varies' },
]

const eventBase = {
  details_html: '<h2 id="about">About</h2><p>Details.</p>',
  ends_on: null,
  location: 'Online',
  is_online: true,
  fee: null,
  fee_note: '',
  prize_pool: '',
  registration_open: false,
  registration_url: null,
  route: null,
  tournaments: [],
} satisfies Partial<Schemas['EventOut']>

export const hackathon: Schemas['EventOut'] = {
  ...eventBase,
  slug: 'web-development-hackathon',
  kind: 'hackathon',
  kind_label: 'Hackathon',
  title: 'Web Development Hackathon',
  summary: 'Two days of building.',
  starts_on: '2024-03-26',
  ends_on: '2024-03-27',
  fee: 99,
  fee_note: 'registration',
  fee_display: '₹99 registration',
  route: '/hackathon',
  status: 'past',
  register_disabled_reason: 'This event has ended.',
}

export const bgmi: Schemas['EventOut'] = {
  ...eventBase,
  slug: 'bgmi-tournaments',
  kind: 'gaming',
  kind_label: 'Gaming',
  title: 'BGMI Tournaments',
  summary: 'Three squad tournaments.',
  starts_on: '2023-10-10',
  fee_display: 'Entry fee per team depends on the tournament',
  prize_pool: 'Up to ₹500',
  route: '/BGMI-Events',
  status: 'past',
  register_disabled_reason: 'This event has ended.',
  tournaments: [
    { name: 'BGMI Squad Match 1', starts_on: '2023-10-10', entry_fee: 20, fee_note: 'per team', entry_fee_display: '₹20 per team', prize_pool: '₹30', status: 'past' },
    { name: 'BGMI Championship', starts_on: '2023-10-10', entry_fee: 50, fee_note: 'per team', entry_fee_display: '₹50 per team', prize_pool: '₹500 (1st) / ₹300 (2nd)', status: 'past' },
  ],
}

export const codingCompetition: Schemas['EventOut'] = {
  ...eventBase,
  slug: 'coding-competition',
  kind: 'coding_competition',
  kind_label: 'Coding competition',
  title: 'Coding Competition',
  summary: 'An online contest.',
  starts_on: '2099-01-16',
  fee_display: 'To be announced',
  status: 'upcoming',
  register_disabled_reason: 'Registration is not open yet.',
}

export const events: Schemas['EventListOut'] = { today: '2025-01-01', upcoming: [codingCompetition], past: [hackathon, bgmi] }

export const portfolio: Schemas['PortfolioItemOut'][] = [
  { slug: 'shop', title: 'Online shop', category: 'web', category_label: 'Website', summary: 'A store.', description: '', tech_stack: ['React'], link_url: 'https://shop.example', image_url: null },
  { slug: 'farm', title: 'Smart irrigation', category: 'iot', category_label: 'IoT', summary: 'Sensors.', description: '', tech_stack: ['ESP32'], link_url: null, image_url: null },
]

export const policies: Record<string, Schemas['PolicyPageOut']> = {
  terms: {
    slug: 'terms',
    title: 'Terms and Conditions',
    route: '/t&c',
    last_updated: '2023-04-01',
    body_html: '<h2 id="project-terms">Project terms</h2><p>New requirements are charged from <strong>Rs. 2,000 per hour</strong>.</p>',
    sections: [{ id: 'project-terms', title: 'Project terms' }],
  },
  privacy: {
    slug: 'privacy',
    title: 'Privacy Policy',
    route: '/privacy-policy',
    last_updated: '2023-04-01',
    body_html: '<h2 id="children">Children under 13</h2><p>We do not knowingly collect their data.</p>',
    sections: [{ id: 'children', title: 'Children under 13' }],
  },
  refund: {
    slug: 'refund',
    title: 'Refund and Cancellation Policy',
    route: '/refund-and-cancellation-policy',
    last_updated: '2023-04-01',
    body_html: '<p>No refunds, except for a paid service that was not allotted.</p>',
    sections: [],
  },
}

export const about: Schemas['AboutOut'] = {
  title: 'About us',
  summary: 'A software-services and training company.',
  body_html: '<h2 id="who-we-are">Who we are</h2><p>Developers and trainers.</p>',
  sections: [{ id: 'who-we-are', title: 'Who we are' }],
  updated_at: '2024-01-01T00:00:00Z',
}
