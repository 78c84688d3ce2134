import { render, screen, within } from '@testing-library/react'
import { createRoutesStub } from 'react-router'
import { describe, expect, it } from 'vitest'

import { RegistrationForm } from '@/features/events/registration-form'
import { registrationBody, registersOnSite } from '@/features/events/registration-fields'
import type { EventRegistration, RegistrationAnswer } from '@/features/events/types'

const solo: EventRegistration = {
  team_event: false,
  team_min: 1,
  team_max: 1,
  gaming: false,
  fee_per: 'person',
  targets: [{ slug: 'code-sprint', title: 'Code Sprint', fee: 0, fee_display: 'Free', closed_reason: null }],
  results: [],
}

const squad: EventRegistration = {
  team_event: true,
  team_min: 2,
  team_max: 4,
  gaming: true,
  fee_per: 'team',
  targets: [{ slug: 'bgmi-cup', title: 'BGMI Cup', fee: 50, fee_display: '₹50', closed_reason: null }],
  results: [],
}

function refusal(overrides: Partial<RegistrationAnswer>): RegistrationAnswer {
  return { ok: false, intent: 'register', status: 422, message: 'Please correct the errors below.', fields: {}, extra: {}, values: {}, ...overrides }
}

function renderForm(registration: EventRegistration, result?: RegistrationAnswer, address = '/event') {
  const Stub = createRoutesStub([{ path: '/event', Component: () => <RegistrationForm registration={registration} result={result} /> }])
  return render(<Stub initialEntries={[address]} />)
}

describe('RegistrationForm', () => {
  it('asks a solo entrant for a name, phone and email', async () => {
    renderForm(solo)
    expect(await screen.findByRole('textbox', { name: /^Name/ })).toBeRequired()
    expect(screen.getByRole('textbox', { name: /^Phone number/ })).toBeRequired()
    expect(screen.getByRole('textbox', { name: /^Email/ })).toBeRequired()
    expect(screen.queryByRole('textbox', { name: /Team name/ })).not.toBeInTheDocument()
    expect(screen.getByText('Fee: Free')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Register' })).toBeInTheDocument()
  })

  it('asks a team for its name, the captain and Member 2 to Member N, with in-game IDs', async () => {
    renderForm(squad)
    expect(await screen.findByRole('textbox', { name: /^Team name/ })).toBeRequired()
    expect(screen.getByRole('textbox', { name: /^Captain’s name/ })).toBeRequired()
    expect(screen.getByRole('textbox', { name: /^Captain’s phone/ })).toBeRequired()
    expect(screen.getByRole('textbox', { name: /^Captain’s email/ })).toBeRequired()
    // Member 2 makes the smallest team (2); members 3 and 4 are optional; none beyond 4.
    expect(screen.getByRole('textbox', { name: /^Member 2 name/ })).toBeRequired()
    expect(screen.getByRole('textbox', { name: /^Member 3 name/ })).not.toBeRequired()
    expect(screen.getByRole('textbox', { name: /^Member 4 name/ })).toBeInTheDocument()
    expect(screen.queryByRole('textbox', { name: /^Member 5 name/ })).not.toBeInTheDocument()
    expect(screen.getAllByRole('textbox', { name: /^In-game ID/ })).toHaveLength(4)
    expect(screen.getByText('A team has 2 to 4 players, the captain included.')).toBeInTheDocument()
    expect(screen.getByText('Fee: ₹50 per team')).toBeInTheDocument()
  })

  it('leaves the in-game IDs out of a team event that is not a game', async () => {
    renderForm({ ...squad, gaming: false, team_min: 3, team_max: 3 })
    expect(await screen.findByRole('textbox', { name: /^Member 3 name/ })).toBeRequired()
    expect(screen.queryByRole('textbox', { name: /^In-game ID/ })).not.toBeInTheDocument()
    expect(screen.getByText('A team has 3 players, the captain included.')).toBeInTheDocument()
  })

  it('shows the server’s errors at their fields and keeps what was typed', async () => {
    renderForm(
      squad,
      refusal({
        fields: {
          team_name: 'Enter your team’s name.',
          member_3_name: 'Enter this member’s name.',
          members: 'A team has 2 to 4 players, the captain included.',
        },
        values: { name: 'Asha', member_2_name: 'Ravi' },
      }),
    )
    const teamName = await screen.findByRole('textbox', { name: /^Team name/ })
    expect(teamName).toHaveAccessibleDescription(/Enter your team’s name\./)
    expect(screen.getByRole('textbox', { name: /^Member 3 name/ })).toHaveAccessibleDescription(/Enter this member’s name\./)
    expect(screen.getByRole('textbox', { name: /^Captain’s name/ })).toHaveValue('Asha')
    expect(screen.getByRole('textbox', { name: /^Member 2 name/ })).toHaveValue('Ravi')
    // Every problem is at a field: no message for the form as a whole.
    expect(screen.queryByText('You are not registered yet')).not.toBeInTheDocument()
  })

  it('shows the 409 words at the form', async () => {
    renderForm(solo, refusal({ status: 409, message: 'This event is full.' }))
    const alert = await screen.findByRole('alert')
    expect(within(alert).getByText('This event is full.')).toBeInTheDocument()
  })

  it('says why when nothing takes registrations any more', async () => {
    renderForm({ ...solo, targets: [{ ...solo.targets[0]!, closed_reason: 'Registration is closed.' }] })
    expect(await screen.findByText('Registration is closed.')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Register' })).not.toBeInTheDocument()
  })

  it('asks a paid event for a discount code, filled in from ?coupon=', async () => {
    renderForm(squad, undefined, '/event?coupon=squad10')
    const coupon = await screen.findByRole('textbox', { name: 'Discount code' })
    expect(coupon).toHaveValue('squad10')
    expect(coupon).not.toBeRequired()
    expect(screen.getByText('Filled in from the offer’s link.')).toBeInTheDocument()
  })

  it('shows a discount code’s refusal at the field, with what was typed', async () => {
    renderForm(squad, refusal({ fields: { coupon: 'This code has been used up.' }, values: { coupon: 'SQUAD10' } }))
    const coupon = await screen.findByRole('textbox', { name: 'Discount code' })
    expect(coupon).toHaveValue('SQUAD10')
    expect(coupon).toHaveAccessibleDescription(expect.stringContaining('This code has been used up.'))
    expect(screen.queryByText('You are not registered yet')).not.toBeInTheDocument()
  })

  it('asks a free event for no discount code', async () => {
    renderForm(solo, undefined, '/event?coupon=squad10')
    await screen.findByRole('textbox', { name: /^Name/ })
    expect(screen.queryByRole('textbox', { name: 'Discount code' })).not.toBeInTheDocument()
  })

  it('offers each open tournament, a full one named but not chosen', async () => {
    renderForm({
      ...squad,
      targets: [
        { slug: 'm1', title: 'Match 1', fee: 20, fee_display: '₹20', closed_reason: 'This event is full.' },
        { slug: 'm2', title: 'Match 2', fee: 30, fee_display: '₹30', closed_reason: null },
      ],
    })
    const select = await screen.findByRole('combobox', { name: /^Tournament/ })
    expect(select).toHaveValue('m2')
    expect(within(select).getByRole('option', { name: 'Match 1: This event is full.' })).toBeDisabled()
    expect(within(select).getByRole('option', { name: 'Match 2: ₹30 per team' })).toBeEnabled()
  })
})

describe('registrationBody', () => {
  it('sends the discount code typed', () => {
    expect(registrationBody({ name: 'Asha', phone: '98765 43210', email: 'a@example.org', coupon: ' squad10 ' })).toEqual(
      expect.objectContaining({ coupon: 'squad10' }),
    )
  })

  it('sends a solo entrant’s contact only', () => {
    expect(registrationBody({ name: ' Asha ', phone: '98765 43210', email: 'a@example.org', member_2_name: 'x' })).toEqual({
      name: 'Asha',
      phone: '98765 43210',
      email: 'a@example.org',
      team_name: '',
      game_id: '',
      coupon: '',
    })
  })

  it('sends a team’s members up to the last one given, a gap kept at its place', () => {
    const body = registrationBody({
      team: '1',
      team_name: 'Night Owls',
      name: 'Asha',
      phone: '98765 43210',
      email: 'a@example.org',
      game_id: 'CAP1',
      member_2_name: 'Ravi',
      member_2_game_id: 'R2',
      member_4_name: 'Meera',
    })
    expect(body.members).toEqual([
      { name: 'Ravi', game_id: 'R2' },
      { name: '', game_id: '' },
      { name: 'Meera', game_id: '' },
    ])
    expect(body.team_name).toBe('Night Owls')
  })
})

describe('registersOnSite', () => {
  it('is an open, upcoming event without a link off the site', () => {
    expect(registersOnSite({ registration_open: true, registration_url: null, status: 'upcoming' })).toBe(true)
    expect(registersOnSite({ registration_open: true, registration_url: 'https://forms.example', status: 'upcoming' })).toBe(false)
    expect(registersOnSite({ registration_open: true, registration_url: null, status: 'past' })).toBe(false)
    expect(registersOnSite({ registration_open: false, registration_url: null, status: 'upcoming' })).toBe(false)
  })
})
