import { render, screen, within } from '@testing-library/react'
import type { ReactNode } from 'react'
import { createRoutesStub } from 'react-router'
import { describe, expect, it } from 'vitest'

import { action } from '@/app/routes/account'
import { DeleteSection } from '@/features/accounts/components/account-sections'
import { ACCOUNT_INTENTS } from '@/features/accounts/account-intents'
import { json, mockApi, sentBodies } from '@/test/api'

/** A section with <Form>s needs a data router around it. */
function renderInRouter(ui: ReactNode) {
  const Stub = createRoutesStub([{ path: '/account', Component: () => ui }])
  return render(<Stub initialEntries={['/account']} />)
}

/** The account page's action as a form posted without JavaScript reaches it. */
async function post(fields: Record<string, string>) {
  const body = new URLSearchParams(fields)
  const request = new Request('http://localhost/account', { method: 'POST', body })
  return action({ request, url: new URL(request.url), params: {}, context: undefined } as unknown as Parameters<typeof action>[0])
}

describe('deleting the account without JavaScript', () => {
  it('answers "Delete my account" with the confirmation step, deleting nothing', async () => {
    const api = mockApi()
    expect(await post({ intent: ACCOUNT_INTENTS.deleteStart })).toEqual({ ok: true, intent: ACCOUNT_INTENTS.deleteStart })
    // A deletion posted without the confirmation's field is asked again, not carried out.
    expect(await post({ intent: ACCOUNT_INTENTS.delete, password: 'referral-journey-42' })).toEqual({ ok: true, intent: ACCOUNT_INTENTS.deleteStart })
    expect(await sentBodies(api, 'POST /api/auth/account/delete')).toEqual([])
  })

  it('deletes with the password and the confirmation, then sends the browser home', async () => {
    const api = mockApi({ 'POST /api/auth/account/delete': () => json({ message: 'Your account has been deleted' }) })
    const answer = await post({ intent: ACCOUNT_INTENTS.delete, confirm: 'yes', password: 'referral-journey-42' }).catch((thrown: unknown) => thrown)
    expect(answer).toBeInstanceOf(Response)
    expect((answer as Response).headers.get('Location')).toBe('/?account=deleted')
    expect(await sentBodies(api, 'POST /api/auth/account/delete')).toEqual([{ password: 'referral-journey-42' }])
  })

  it('shows the page’s confirmation step: the warning, the password and the final button', async () => {
    renderInRouter(<DeleteSection result={{ ok: true, intent: ACCOUNT_INTENTS.deleteStart }} />)
    const section = await screen.findByRole('region', { name: 'Delete my account' })
    expect(within(section).getByRole('heading', { name: 'Delete your account for good?' })).toBeInTheDocument()
    expect(within(section).getByLabelText(/^your password/i)).toHaveAttribute('autocomplete', 'current-password')
    expect(within(section).getByRole('button', { name: 'Yes, delete my account' })).toBeInTheDocument()
    expect(within(section).getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', '/account')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it('keeps the step with the refusal next to the password', async () => {
    renderInRouter(
      <DeleteSection
        result={{
          ok: false,
          intent: ACCOUNT_INTENTS.delete,
          status: 422,
          message: 'Check the password.',
          fields: { password: 'Your password is not right.' },
          extra: {},
          values: {},
        }}
      />,
    )
    expect(await screen.findByLabelText(/^your password/i)).toHaveAccessibleDescription(/Your password is not right\./)
  })
})
