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

/** A few of the GST states (GET /api/enrolments/states), for the enrolment form's state field. */
export const gstStates = [
  { code: '27', name: 'Maharashtra' },
  { code: '29', name: 'Karnataka' },
]
