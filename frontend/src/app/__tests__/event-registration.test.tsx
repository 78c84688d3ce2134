import { render, screen } from '@testing-library/react'
import { createRoutesStub } from 'react-router'
import { describe, expect, it } from 'vitest'

import type { components } from '@/api/schema'
import { EventRegistrationSection } from '@/app/event-registration-section'
import { action as hackathonAction } from '@/app/routes/page'
import type { RegistrationAnswer } from '@/features/events/types'
import { json, mockApi, sentBodies } from '@/test/api'
import { fixtureEventAt } from '@/test/page-data'

type Enrolment = components['schemas']['EnrolmentOut']

const csrf = {
  'GET /api/auth/csrf': () => {
    document.cookie = 'csrftoken=test-token; path=/'
    return json({ csrf_token: 'test-token' })
  },
}

/** Posts a form to the event page's action, as a browser without JavaScript does. */
async function post(fields: Record<string, string>) {
  const request = new Request('http://localhost/hackathon', { method: 'POST', body: new URLSearchParams(fields) })
  const url = new URL('http://localhost/hackathon')
  const result = (await hackathonAction({ request, url, params: {}, context: {} } as Parameters<typeof hackathonAction>[0])) as unknown
  if (result instanceof Response) return { status: result.status, location: result.headers.get('Location') ?? undefined }
  const { data, init } = result as { data: RegistrationAnswer; init: ResponseInit | null }
  return { status: init?.status ?? 200, answer: data }
}

describe('the event page’s Register action', () => {
  it('posts a team to /api/events/<slug>/registrations and shows the registration made', async () => {
    const api = mockApi({
      ...csrf,
      'POST /api/events/{slug}/registrations': () =>
        json({ reference: 'REG-ABC234', status: 'pending', status_display: 'Waiting for payment', amount: 99, message: 'Registered' }, 201),
    })
    const answer = await post({
      intent: 'register',
      slug: 'web-development-hackathon',
      team: '1',
      team_name: 'Night Owls',
      name: 'Asha',
      phone: '98765 43210',
      email: 'asha@example.org',
      member_2_name: 'Ravi',
    })
    expect(answer).toEqual({ status: 302, location: '/hackathon?enrolment=REG-ABC234' })
    const [body] = (await sentBodies(api, 'POST /api/events/web-development-hackathon/registrations')) as Array<Record<string, unknown>>
    expect(body).toMatchObject({ team_name: 'Night Owls', name: 'Asha', members: [{ name: 'Ravi', game_id: '' }] })
  })

  it('brings the 409 words back to the form', async () => {
    mockApi({
      ...csrf,
      'POST /api/events/{slug}/registrations': () => json({ message: 'This event is full.', extra: {} }, 409),
    })
    const { status, answer } = await post({ intent: 'register', slug: 'web-development-hackathon', name: 'A', phone: '9', email: 'a@b.c' })
    expect(status).toBe(409)
    expect(answer).toMatchObject({ ok: false, intent: 'register', message: 'This event is full.', values: { name: 'A' } })
  })
})

const event = fixtureEventAt('/hackathon')!
const registration: components['schemas']['EventRegistrationOut'] = {
  team_event: false,
  team_min: 1,
  team_max: 1,
  gaming: false,
  fee_per: 'person',
  targets: [{ slug: event.slug, title: event.title, fee: 0, fee_display: 'Free', closed_reason: null }],
  results: [],
}

function confirmed(): Enrolment {
  return {
    reference: 'REG-FREE23',
    status: 'confirmed',
    status_display: 'Confirmed',
    refunded: false,
    course: { kind: 'event', slug: event.slug, name: event.title, short_name: event.title, route: '/hackathon' },
    name: 'Asha',
    phone: '+919876543210',
    phone_display: '+91 98765 43210',
    email: 'asha@example.org',
    amount: 0,
    amount_display: '₹0',
    referral_code_used: '',
    utr: '',
    rejected_reason: '',
    state: '',
    gstin: '',
    business_name: '',
    invoice: null,
    created_at: '2026-11-20T10:00:00Z',
    utr_submitted_at: null,
    confirmed_at: '2026-11-20T10:00:00Z',
    can_submit_utr: false,
    is_open: false,
    payment: null,
    pay_online: false,
  }
}

describe('EventRegistrationSection', () => {
  it('says "Registration confirmed" with the reference after a free registration', async () => {
    const Stub = createRoutesStub([
      { path: '/hackathon', Component: () => <EventRegistrationSection event={event} registration={registration} enrolments={[confirmed()]} /> },
    ])
    render(<Stub initialEntries={['/hackathon?enrolment=REG-FREE23']} />)
    expect(await screen.findByRole('heading', { level: 2, name: 'Registration confirmed' })).toBeInTheDocument()
    expect(screen.getByText('REG-FREE23')).toBeInTheDocument()
  })

  it('shows the form while there is no registration', async () => {
    const Stub = createRoutesStub([
      { path: '/hackathon', Component: () => <EventRegistrationSection event={event} registration={registration} enrolments={[]} /> },
    ])
    render(<Stub initialEntries={['/hackathon']} />)
    expect(await screen.findByRole('button', { name: 'Register' })).toBeInTheDocument()
  })
})
