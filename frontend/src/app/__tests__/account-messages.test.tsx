import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'

import { accountHandlers, learner } from '@/app/__tests__/accounts-fixtures'
import type { components } from '@/api/schema'
import { answerPage, json, mockApi, sentBodies } from '@/test/api'
import { renderRoute } from '@/test/render'

type Preferences = components['schemas']['MessagePreferencesOut']

const saved: Preferences = {
  whatsapp_opt_in: false,
  whatsapp_opted_in_at: null,
  payments: 'whatsapp',
  tasks: 'whatsapp',
  certificates: 'whatsapp',
  reminders: 'whatsapp',
  classes: 'whatsapp',
}

async function openAccount(put: (request: Request) => Response | Promise<Response>) {
  let current = saved
  const api = mockApi({
    ...accountHandlers,
    // The page shows what was last saved (its loader runs again after the save).
    ...answerPage('account', () => ({ preferences: current })),
    'PUT /api/notifications/preferences': async (request) => {
      const answer = await put(request)
      if (answer.ok) current = await answer.clone().json()
      return answer
    },
  })
  renderRoute('/account', { user: learner })
  const section = await screen.findByRole('region', { name: 'Messages' })
  return { api, section, user: userEvent.setup() }
}

describe('/account: message preferences', () => {
  it('shows the consent unticked and WhatsApp chosen, and saves a change', async () => {
    const { api, section, user } = await openAccount(async (request) => {
      const body = (await request.clone().json()) as Record<string, unknown>
      return json({ ...body, whatsapp_opted_in_at: '2026-11-27T09:00:00Z' })
    })
    const consent = within(section).getByRole('checkbox', { name: /send me whatsapp messages on/i })
    expect(consent).not.toBeChecked()
    expect(consent).toHaveAccessibleDescription(/until you tick this.*reply stop on whatsapp/i)
    const tasks = within(section).getByRole('group', { name: 'Internship tasks' })
    expect(within(tasks).getByRole('radio', { name: 'WhatsApp' })).toBeChecked()

    await user.click(consent)
    await user.click(within(tasks).getByRole('radio', { name: 'Email' }))
    const certificates = within(section).getByRole('group', { name: 'Certificates' })
    await user.click(within(certificates).getByRole('radio', { name: 'Neither' }))
    await user.click(within(section).getByRole('button', { name: 'Save message preferences' }))

    expect(await within(screen.getByRole('region', { name: 'Messages' })).findByText('Your message preferences are saved.')).toBeInTheDocument()
    expect(await sentBodies(api, 'PUT /api/notifications/preferences')).toEqual([
      { whatsapp_opt_in: true, payments: 'whatsapp', tasks: 'email', certificates: 'none', reminders: 'whatsapp', classes: 'whatsapp' },
    ])
    const after = screen.getByRole('region', { name: 'Messages' })
    await waitFor(() => expect(within(after).getByRole('checkbox')).toHaveAccessibleDescription(/you agreed on 27 nov/i))
    expect(within(within(after).getByRole('group', { name: 'Internship tasks' })).getByRole('radio', { name: 'Email' })).toBeChecked()
  })

  it('offers no "Neither" for payments, which always reach the student', async () => {
    const { section } = await openAccount(() => json(saved))
    const payments = within(section).getByRole('group', { name: 'Payments' })
    expect(within(payments).getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual(['whatsapp', 'email'])
    expect(within(section).getByRole('group', { name: 'Reminders' })).toHaveAccessibleDescription(/enrolment waiting for payment/i)
  })

  it('shows the server’s refusal at the choice and focuses it', async () => {
    const { section, user } = await openAccount(() =>
      json({ message: 'Please correct the errors below.', extra: { fields: { reminders: 'Choose WhatsApp, email or neither.' } } }, 422),
    )
    await user.click(within(section).getByRole('button', { name: 'Save message preferences' }))
    // The form is new for the answer (its key): the refused choice is found afresh.
    const reminders = () => within(screen.getByRole('region', { name: 'Messages' })).getByRole('group', { name: 'Reminders' })
    await waitFor(() => expect(reminders()).toHaveAccessibleDescription(/choose whatsapp, email or neither/i))
    expect(within(reminders()).getByRole('radio', { name: 'WhatsApp' })).toHaveFocus()
    expect(within(screen.getByRole('region', { name: 'Messages' })).getByRole('alert')).toHaveTextContent('Please correct the errors below. One choice needs your attention.')
  })
})
