import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderToString } from 'react-dom/server'
import { createRoutesStub } from 'react-router'
import { describe, expect, it } from 'vitest'

import { accountHandlers, learner } from '@/app/__tests__/accounts-fixtures'
import { DetailsSection } from '@/features/accounts/components/account-sections'
import { json, mockApi, sentBodies } from '@/test/api'
import { renderRoute } from '@/test/render'

function refusal(status: number, message: string, extra: Record<string, unknown> = {}) {
  return json({ message, extra }, status)
}

async function openAccount(handlers: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({ ...accountHandlers, ...handlers })
  const rendered = renderRoute('/account', { user: learner })
  await screen.findByRole('heading', { level: 1, name: 'Your account' })
  return { api, ...rendered, user: userEvent.setup() }
}

function section(name: string): HTMLElement {
  return screen.getByRole('region', { name })
}

describe('/account', () => {
  it('sends a visitor to the login page, to come back after', async () => {
    mockApi(accountHandlers)
    const { history } = renderRoute('/account')
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument()
    expect(history.location.pathname).toBe('/login')
    expect(new URLSearchParams(history.location.search).get('next')).toBe('/account')
  })

  it('is linked from the dashboard and from the header', async () => {
    mockApi(accountHandlers)
    renderRoute('/dashboard', { user: learner })
    await screen.findByRole('heading', { level: 1, name: 'Hi, Asha Verma' })
    expect(screen.getByRole('link', { name: 'Account settings' })).toHaveAttribute('href', '/account')
    const banner = screen.getByRole('banner')
    expect(within(banner).getAllByRole('link', { name: 'Account' })[0]).toHaveAttribute('href', '/account')
  })

  it('changes the name alone without asking for the password', async () => {
    const { api, user } = await openAccount({
      'PATCH /api/auth/account': () => json({ ...learner, name: 'Asha V' }),
    })
    const details = section('Your details')
    expect(within(details).queryByLabelText(/^current password/i)).not.toBeInTheDocument()
    await user.clear(within(details).getByLabelText(/^name/i))
    await user.type(within(details).getByLabelText(/^name/i), 'Asha V')
    await user.click(within(details).getByRole('button', { name: 'Save details' }))
    expect(await within(section('Your details')).findByText('Your details are saved.')).toBeInTheDocument()
    expect(await sentBodies(api, 'PATCH /api/auth/account')).toEqual([{ name: 'Asha V', email: learner.email, current_password: '' }])
  })

  it('asks for the current password once the email changes, and sends it', async () => {
    const { api, user } = await openAccount({
      'PATCH /api/auth/account': () => json({ ...learner, name: 'Asha V', email: 'asha.v@example.com' }),
    })
    const details = section('Your details')
    const name = within(details).getByLabelText(/^name/i)
    expect(name).toHaveValue('Asha Verma')
    expect(within(details).getByLabelText(/email/i)).toHaveValue('asha@example.com')
    await user.clear(name)
    await user.type(name, 'Asha V')
    await user.clear(within(details).getByLabelText(/email/i))
    await user.type(within(details).getByLabelText(/email/i), 'asha.v@example.com')
    const password = within(details).getByLabelText(/^current password/i)
    expect(password).toBeRequired()
    expect(password).toHaveAttribute('autocomplete', 'current-password')
    await user.type(password, 'referral-journey-42')
    await user.click(within(details).getByRole('button', { name: 'Save details' }))
    expect(await within(section('Your details')).findByText('Your details are saved.')).toBeInTheDocument()
    expect(await sentBodies(api, 'PATCH /api/auth/account')).toEqual([
      { name: 'Asha V', email: 'asha.v@example.com', current_password: 'referral-journey-42' },
    ])
    // Typing the old email back hides the field again.
    const again = section('Your details')
    await user.clear(within(again).getByLabelText(/email/i))
    await user.type(within(again).getByLabelText(/email/i), 'ASHA@example.com')
    expect(within(again).queryByLabelText(/^current password/i)).not.toBeInTheDocument()
  })

  it('shows a wrong or missing current password next to its field, keeping the new email', async () => {
    const { user } = await openAccount({
      'PATCH /api/auth/account': () =>
        refusal(422, 'Check the fields.', { fields: { current_password: 'Your current password is not right.' } }),
    })
    const details = section('Your details')
    await user.clear(within(details).getByLabelText(/email/i))
    await user.type(within(details).getByLabelText(/email/i), 'thief@example.net')
    await user.type(within(details).getByLabelText(/^current password/i), 'a-guess')
    await user.click(within(details).getByRole('button', { name: 'Save details' }))
    await waitFor(() =>
      expect(within(section('Your details')).getByLabelText(/^current password/i)).toHaveAccessibleDescription(
        /Your current password is not right\./,
      ),
    )
    expect(within(section('Your details')).getByLabelText(/email/i)).toHaveValue('thief@example.net')
  })

  it('offers the current password without JavaScript, where the page cannot tell the email changed', () => {
    const Stub = createRoutesStub([{ path: '/account', Component: () => <DetailsSection user={learner} /> }])
    const html = renderToString(<Stub initialEntries={['/account']} />)
    expect(html).toMatch(/<input[^>]*name="current_password"[^>]*autoComplete="current-password"|<input[^>]*autocomplete="current-password"[^>]*name="current_password"/i)
    expect(html).toContain('Needed only if you change your email')
  })

  it('changes the password, or says the current one is not right', async () => {
    let answer = refusal(422, 'Check the fields.', { fields: { current_password: 'Your current password is not right.' } })
    const { api, user } = await openAccount({ 'POST /api/auth/account/password': () => answer })
    const password = section('Password')
    await user.type(within(password).getByLabelText(/^current password/i), 'wrong-one')
    await user.type(within(password).getByLabelText(/^new password/i), 'a-new-password-7')
    await user.click(within(password).getByRole('button', { name: 'Change password' }))
    await waitFor(() =>
      expect(within(section('Password')).getByLabelText(/^current password/i)).toHaveAccessibleDescription('Your current password is not right.'),
    )
    answer = json({ message: 'Password changed' })
    await user.clear(within(section('Password')).getByLabelText(/^current password/i))
    await user.clear(within(section('Password')).getByLabelText(/^new password/i))
    await user.type(within(section('Password')).getByLabelText(/^current password/i), 'referral-journey-42')
    await user.type(within(section('Password')).getByLabelText(/^new password/i), 'a-new-password-7')
    await user.click(within(section('Password')).getByRole('button', { name: 'Change password' }))
    expect(await within(section('Password')).findByText('Password changed')).toBeInTheDocument()
    // The fields are emptied: nothing of either password stays on the page.
    expect(within(section('Password')).getByLabelText(/^current password/i)).toHaveValue('')
    expect((await sentBodies(api, 'POST /api/auth/account/password'))[1]).toEqual({
      current_password: 'referral-journey-42',
      new_password: 'a-new-password-7',
    })
  })

  it('logs out of other devices', async () => {
    const { user } = await openAccount({
      'POST /api/auth/account/logout-others': () => json({ message: 'Logged out of every other device.' }),
    })
    await user.click(within(section('Devices')).getByRole('button', { name: 'Log out of other devices' }))
    expect(await within(section('Devices')).findByText('Logged out of every other device.')).toBeInTheDocument()
  })

  it('links "Download my data" to the API’s attachment', async () => {
    await openAccount()
    const link = within(section('Your data')).getByRole('link', { name: 'Download my data' })
    expect(link).toHaveAttribute('href', '/api/auth/account/data')
    expect(link).toHaveAttribute('download')
  })

  it('asks for the password and a confirmation in a dialog before deleting', async () => {
    // Once deleted, the session has ended (src/test/render.tsx follows it): the pages name nobody.
    const { api, history, user } = await openAccount({
      'POST /api/auth/account/delete': async (request) => {
        const body = (await request.clone().json()) as { password: string }
        if (body.password !== 'referral-journey-42') return refusal(422, 'Check the password.', { fields: { password: 'Your password is not right.' } })
        return json({ message: 'Your account has been deleted' })
      },
    })
    await user.click(within(section('Delete my account')).getByRole('button', { name: 'Delete my account' }))
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account for good?' })
    expect(await sentBodies(api, 'POST /api/auth/account/delete')).toEqual([])
    await user.type(within(dialog).getByLabelText(/^your password/i), 'not-it')
    await user.click(within(dialog).getByRole('button', { name: 'Yes, delete my account' }))
    await waitFor(() =>
      expect(within(screen.getByRole('dialog')).getByLabelText(/^your password/i)).toHaveAccessibleDescription(/Your password is not right\./),
    )
    await user.clear(within(screen.getByRole('dialog')).getByLabelText(/^your password/i))
    await user.type(within(screen.getByRole('dialog')).getByLabelText(/^your password/i), 'referral-journey-42')
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Yes, delete my account' }))
    expect(await screen.findByText('Your account has been deleted')).toBeInTheDocument()
    expect(history.location.pathname).toBe('/')
    expect(await sentBodies(api, 'POST /api/auth/account/delete')).toEqual([{ password: 'not-it' }, { password: 'referral-journey-42' }])
    // The header no longer offers the account.
    await waitFor(() => expect(within(screen.getByRole('banner')).getAllByRole('link', { name: 'Login' }).length).toBeGreaterThan(0))
  })

  it('closes the dialog on Cancel without deleting', async () => {
    const { api, user } = await openAccount()
    await user.click(within(section('Delete my account')).getByRole('button', { name: 'Delete my account' }))
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account for good?' })
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(await sentBodies(api, 'POST /api/auth/account/delete')).toEqual([])
  })
})

describe('home page after a deletion', () => {
  it('says the account has been deleted', async () => {
    mockApi(accountHandlers)
    renderRoute('/?account=deleted')
    const notice = await screen.findByText('Your account has been deleted')
    expect(notice.closest('[role="status"]')).not.toBeNull()
  })
})
