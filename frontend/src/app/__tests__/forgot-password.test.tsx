import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { accountHandlers } from '@/app/__tests__/accounts-fixtures'
import { json, mockApi, sentBodies } from '@/test/api'
import { renderRoute } from '@/test/render'

const PHONE = '+919876543210'
const NOW = Date.UTC(2026, 2, 1, 10, 0, 0)
const codeSent = { message: 'If an account has this phone, we sent it a code.', expires_in: 600, resend_after: 60 }

function refusal(status: number, message: string, extra: Record<string, unknown> = {}) {
  return json({ message, extra }, status)
}

function codeStepUrl(resendAt = NOW / 1000 - 1) {
  return `/forgot-password?${new URLSearchParams({ phone: PHONE, resend: String(resendAt) })}`
}

async function fillCodeStep(code = '123456', password = 'a-new-password-7') {
  const user = userEvent.setup()
  await user.type(await screen.findByLabelText(/verification code/i), code)
  await user.type(screen.getByLabelText(/^new password/i), password)
  await user.click(screen.getByRole('button', { name: 'Change password' }))
  return user
}

describe('/forgot-password', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('is linked from the login page as "Forgot password?"', async () => {
    mockApi(accountHandlers)
    const { history } = renderRoute('/login')
    const user = userEvent.setup()
    await user.click(await screen.findByRole('link', { name: 'Forgot password?' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Choose a new password' })).toBeInTheDocument()
    expect(history.location.pathname).toBe('/forgot-password')
  })

  it('asks for the phone, then opens the code step with the phone in the URL', async () => {
    const api = mockApi({ ...accountHandlers, 'POST /api/auth/password-reset': () => json(codeSent, 202) })
    const { history } = renderRoute('/forgot-password')
    const user = userEvent.setup()
    await user.type(await screen.findByLabelText(/phone number/i), '98765 43210')
    await user.click(screen.getByRole('button', { name: 'Send me a code' }))
    const code = await screen.findByLabelText(/verification code/i)
    expect(code).toHaveAttribute('autocomplete', 'one-time-code')
    expect(code).toHaveAttribute('inputmode', 'numeric')
    expect(screen.getByText('+91 98xxxxx210')).toBeInTheDocument()
    expect(new URLSearchParams(history.location.search).get('phone')).toBe(PHONE)
    expect(screen.getByLabelText(/^new password/i)).toHaveAttribute('autocomplete', 'new-password')
    expect(await sentBodies(api, 'POST /api/auth/password-reset')).toEqual([{ phone: '98765 43210' }])
  })

  it('shows a badly formed phone’s error next to the field', async () => {
    mockApi({
      ...accountHandlers,
      'POST /api/auth/password-reset': () =>
        refusal(422, 'Check the phone number.', { fields: { phone: 'Enter a valid Indian mobile number, for example 98765 43210.' } }),
    })
    renderRoute('/forgot-password')
    const user = userEvent.setup()
    await user.type(await screen.findByLabelText(/phone number/i), '12345')
    await user.click(screen.getByRole('button', { name: 'Send me a code' }))
    const phone = screen.getByLabelText(/phone number/i)
    await waitFor(() => expect(phone).toHaveAccessibleDescription(/Enter a valid Indian mobile number/))
    expect(phone).toHaveValue('12345')
  })

  it('says when a code may be asked for again (429)', async () => {
    mockApi({
      ...accountHandlers,
      'POST /api/auth/password-reset': () => refusal(429, 'You can ask for a new code in 42 seconds.', { retry_after: 42 }),
    })
    renderRoute('/forgot-password')
    const user = userEvent.setup()
    await user.type(await screen.findByLabelText(/phone number/i), '98765 43210')
    await user.click(screen.getByRole('button', { name: 'Send me a code' }))
    expect(await screen.findByText('You can ask for a new code in 42 seconds.')).toBeInTheDocument()
  })

  it('refuses a wrong code and a weak password next to their fields', async () => {
    const api = mockApi({
      ...accountHandlers,
      'POST /api/auth/password-reset/confirm': () =>
        refusal(422, 'Check the fields.', {
          fields: { code: 'Incorrect code. 3 tries left.', new_password: 'This password is too common.' },
        }),
    })
    renderRoute(codeStepUrl())
    await fillCodeStep('111111', 'password123')
    const code = screen.getByLabelText(/verification code/i)
    await waitFor(() => expect(code).toHaveAccessibleDescription(/Incorrect code\. 3 tries left\./))
    expect(screen.getByLabelText(/^new password/i)).toHaveAccessibleDescription(/This password is too common\./)
    expect(await sentBodies(api, 'POST /api/auth/password-reset/confirm')).toEqual([
      { uid: '', token: '', phone: PHONE, code: '111111', new_password: 'password123' },
    ])
  })

  it('says "Password changed", then opens the login page saying so, with the phone filled in', async () => {
    mockApi({ ...accountHandlers, 'POST /api/auth/password-reset/confirm': () => json({ message: 'Password changed' }) })
    const { history } = renderRoute(codeStepUrl())
    await fillCodeStep()
    expect((await screen.findByText('Password changed')).closest('[role="status"]')).not.toBeNull()
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument()
    expect(history.location.pathname).toBe('/login')
    expect(screen.getByText('Password changed')).toBeInTheDocument()
    expect(screen.getByLabelText(/phone number/i)).toHaveValue('98765 43210')
  })

  it('resends the code, then counts down to the next one', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    vi.setSystemTime(NOW)
    const api = mockApi({ ...accountHandlers, 'POST /api/auth/password-reset': () => json(codeSent, 202) })
    renderRoute(codeStepUrl())
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    const resend = await screen.findByRole('button', { name: 'Resend code' })
    expect(resend).toBeEnabled()
    await user.click(resend)
    expect(await screen.findByText(codeSent.message)).toBeInTheDocument()
    await waitFor(() => expect(screen.getByRole('button', { name: 'Resend code' })).toBeDisabled())
    expect(screen.getByRole('button', { name: 'Resend code' })).toHaveAccessibleDescription(/You can ask for a new code in (59|60) seconds\./)
    expect(await sentBodies(api, 'POST /api/auth/password-reset')).toEqual([{ phone: PHONE }])
  })

  it('goes straight to the new password from the email link', async () => {
    const api = mockApi({ ...accountHandlers, 'POST /api/auth/password-reset/confirm': () => json({ message: 'Password changed' }) })
    renderRoute('/forgot-password?uid=MTI&token=abc-123')
    const user = userEvent.setup()
    await user.type(await screen.findByLabelText(/^new password/i), 'a-new-password-7')
    expect(screen.queryByLabelText(/verification code/i)).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Change password' }))
    expect(await screen.findByText('Password changed')).toBeInTheDocument()
    expect(await sentBodies(api, 'POST /api/auth/password-reset/confirm')).toEqual([
      { uid: 'MTI', token: 'abc-123', phone: '', code: '', new_password: 'a-new-password-7' },
    ])
  })

  it('says an email link has expired, with the way to a code', async () => {
    mockApi({
      ...accountHandlers,
      'POST /api/auth/password-reset/confirm': () =>
        refusal(422, 'This link has expired or was already used.', { fields: { token: 'This link has expired or was already used.' } }),
    })
    renderRoute('/forgot-password?uid=MTI&token=used')
    const user = userEvent.setup()
    await user.type(await screen.findByLabelText(/^new password/i), 'a-new-password-7')
    await user.click(screen.getByRole('button', { name: 'Change password' }))
    const alert = (await screen.findByText('This link has expired or was already used.')).closest('[role="alert"]') as HTMLElement
    expect(within(alert).getByRole('link', { name: 'Get a code by SMS instead' })).toHaveAttribute('href', '/forgot-password')
  })
})
