import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { accountHandlers, learner } from '@/app/__tests__/accounts-fixtures'
import { json, mockApi, sentBodies } from '@/test/api'
import { renderRoute } from '@/test/render'

const PHONE = '+919876543210'
// 2026-03-01 10:00:00 UTC, in seconds: the clock every test here starts from.
const NOW = Date.UTC(2026, 2, 1, 10, 0, 0)
const codeSent = { message: 'We sent a 6-digit code to +91 98xxxxx210.', phone: PHONE, expires_in: 600, resend_after: 60 }

function refusal(status: number, message: string, extra: Record<string, unknown> = {}) {
  return json({ message, extra }, status)
}

async function fillSignupForm() {
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
  await screen.findByRole('heading', { level: 1, name: 'Create your account' })
  await user.type(screen.getByLabelText(/^name/i), 'Asha Verma')
  await user.type(screen.getByLabelText(/phone number/i), '98765 43210')
  await user.type(screen.getByLabelText(/^password/i), 'a-good-password')
  await user.click(screen.getByRole('button', { name: 'Sign up' }))
  return user
}

function codeStepUrl(resendAt = NOW / 1000 + 60) {
  return `/signup?${new URLSearchParams({ phone: PHONE, resend: String(resendAt) })}`
}

describe('sign-up code step', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('opens the code step once the form passes, with the masked phone, and keeps the password out of the URL', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    vi.setSystemTime(NOW)
    const api = mockApi({ ...accountHandlers, 'POST /api/auth/signup': () => json(codeSent, 202) })
    const { history } = renderRoute('/registration')
    await fillSignupForm()
    const code = await screen.findByLabelText(/verification code/i)
    expect(code).toHaveAttribute('autocomplete', 'one-time-code')
    expect(code).toHaveAttribute('inputmode', 'numeric')
    expect(screen.getByText('+91 98xxxxx210')).toBeInTheDocument()
    expect(history.location.pathname).toBe('/registration')
    const params = new URLSearchParams(history.location.search)
    expect(params.get('phone')).toBe(PHONE)
    // 60 s after the answer (the fake clock moves on while the test types).
    expect(Number(params.get('resend')) - NOW / 1000).toBeGreaterThanOrEqual(60)
    expect(Number(params.get('resend')) - NOW / 1000).toBeLessThanOrEqual(65)
    expect(history.location.search).not.toContain('password')
    expect(await sentBodies(api, 'POST /api/auth/signup')).toEqual([
      { name: 'Asha Verma', phone: '98765 43210', password: 'a-good-password', email: '', whatsapp_opt_in: false },
    ])
    expect(screen.getByRole('link', { name: 'Change number' })).toHaveAttribute('href', '/registration')
  })

  it('keeps the code step on a reload (the phone is in the URL)', async () => {
    mockApi(accountHandlers)
    renderRoute(codeStepUrl())
    expect(await screen.findByLabelText(/verification code/i)).toBeInTheDocument()
    expect(screen.getByText('+91 98xxxxx210')).toBeInTheDocument()
  })

  it('ignores a URL whose phone is not a mobile number in E.164', async () => {
    mockApi(accountHandlers)
    renderRoute('/signup?phone=12345')
    expect(await screen.findByLabelText(/^name/i)).toBeInTheDocument()
    expect(screen.queryByLabelText(/verification code/i)).not.toBeInTheDocument()
  })

  it('disables "Resend code" with a countdown, then lets it be pressed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    vi.setSystemTime(NOW)
    const api = mockApi({
      ...accountHandlers,
      'POST /api/auth/signup/resend': () => json({ ...codeSent, message: 'We sent a new code to +91 98xxxxx210.' }, 202),
    })
    renderRoute(codeStepUrl(NOW / 1000 + 42))
    const resend = await screen.findByRole('button', { name: 'Resend code' })
    await waitFor(() => expect(resend).toBeDisabled())
    expect(resend).toHaveAccessibleDescription('You can ask for a new code in 42 seconds.')
    await act(async () => {
      await vi.advanceTimersByTimeAsync(41_000)
    })
    expect(resend).toHaveAccessibleDescription('You can ask for a new code in 1 second.')
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1_000)
    })
    expect(resend).toBeEnabled()
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    await user.click(resend)
    expect(await screen.findByText('We sent a new code to +91 98xxxxx210.')).toBeInTheDocument()
    expect(await sentBodies(api, 'POST /api/auth/signup/resend')).toEqual([{ phone: PHONE }])
    // A new wait starts from the new code.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Resend code' })).toBeDisabled())
  })

  it('shows the server’s refusal to resend, with the seconds left', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    vi.setSystemTime(NOW)
    mockApi({
      ...accountHandlers,
      'POST /api/auth/signup/resend': () => refusal(429, 'Too many codes today for this phone. Try again tomorrow.'),
    })
    // The URL's wait is over: the button is enabled and the server decides.
    renderRoute(codeStepUrl(NOW / 1000 - 1))
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    await user.click(await screen.findByRole('button', { name: 'Resend code' }))
    expect(await screen.findByText('Too many codes today for this phone. Try again tomorrow.')).toBeInTheDocument()
  })

  it('refuses a wrong code next to the field with the tries left', async () => {
    const api = mockApi({
      ...accountHandlers,
      'POST /api/auth/signup/verify': () => refusal(422, 'Check the code.', { fields: { code: 'Incorrect code. 4 tries left.' } }),
    })
    renderRoute(codeStepUrl())
    const user = userEvent.setup()
    await user.type(await screen.findByLabelText(/verification code/i), '123456')
    await user.click(screen.getByRole('button', { name: 'Confirm and sign up' }))
    const code = screen.getByLabelText(/verification code/i)
    await waitFor(() => expect(code).toHaveAccessibleDescription(/Incorrect code\. 4 tries left\./))
    expect(code).toHaveAttribute('aria-invalid', 'true')
    expect(await sentBodies(api, 'POST /api/auth/signup/verify')).toEqual([{ phone: PHONE, code: '123456' }])
  })

  it('says an expired code has expired, next to the field', async () => {
    mockApi({
      ...accountHandlers,
      'POST /api/auth/signup/verify': () => refusal(422, 'This code has expired. Ask for a new one.', { fields: { code: 'This code has expired. Ask for a new one.' } }),
    })
    renderRoute(codeStepUrl())
    const user = userEvent.setup()
    await user.type(await screen.findByLabelText(/verification code/i), '123456')
    await user.click(screen.getByRole('button', { name: 'Confirm and sign up' }))
    await waitFor(() => expect(screen.getByLabelText(/verification code/i)).toHaveAccessibleDescription(/This code has expired\. Ask for a new one\./))
  })

  it('sends the visitor back to the form when nothing is pending', async () => {
    mockApi({
      ...accountHandlers,
      'POST /api/auth/signup/verify': () => refusal(404, 'Start again: fill in the sign-up form.'),
    })
    renderRoute(codeStepUrl())
    const user = userEvent.setup()
    await user.type(await screen.findByLabelText(/verification code/i), '123456')
    await user.click(screen.getByRole('button', { name: 'Confirm and sign up' }))
    const alert = (await screen.findByText('Start again: fill in the sign-up form.')).closest('[role="alert"]') as HTMLElement
    await user.click(within(alert).getByRole('link', { name: 'Fill in the sign-up form' }))
    expect(await screen.findByLabelText(/^name/i)).toBeInTheDocument()
  })

  it('signs the new account in: the right code opens the dashboard, no second login', async () => {
    mockApi({ ...accountHandlers, 'POST /api/auth/signup/verify': () => json({ message: 'Successfully signed up' }, 201) })
    const { history } = renderRoute(codeStepUrl(), { signsUpAs: learner })
    const user = userEvent.setup()
    await user.type(await screen.findByLabelText(/verification code/i), '654321')
    await user.click(screen.getByRole('button', { name: 'Confirm and sign up' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Hi, Asha Verma' })).toBeInTheDocument()
    expect(history.location.pathname).toBe('/dashboard')
  })

  it('keeps ?next= from the login page through the form and the code step, then goes there signed in', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    vi.setSystemTime(NOW)
    const next = '/Web-Development-registration?ref=irctp1234'
    mockApi({
      ...accountHandlers,
      'POST /api/auth/signup': () => json(codeSent, 202),
      'POST /api/auth/signup/verify': () => json({ message: 'Successfully signed up' }, 201),
    })
    const { history } = renderRoute(`/login?${new URLSearchParams({ next })}`, { signsUpAs: learner })
    const create = await screen.findByRole('link', { name: 'Create an account' })
    expect(create).toHaveAttribute('href', `/signup?${new URLSearchParams({ next })}`)
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    await user.click(create)

    await fillSignupForm()
    const code = await screen.findByLabelText(/verification code/i)
    expect(new URLSearchParams(history.location.search).get('next')).toBe(next)
    expect(screen.getByRole('link', { name: 'Change number' })).toHaveAttribute('href', `/signup?${new URLSearchParams({ next })}`)
    await user.type(code, '654321')
    await user.click(screen.getByRole('button', { name: 'Confirm and sign up' }))
    // Signed in by the sign-up: straight to where the visitor was going.
    await waitFor(() => expect(`${history.location.pathname}${history.location.search}`).toBe(next))
  })

  it('drops a ?next= that points to another site', async () => {
    mockApi(accountHandlers)
    renderRoute('/signup?next=%2F%2Fevil.example')
    const logIn = await screen.findByRole('link', { name: 'Log in' })
    expect(logIn).toHaveAttribute('href', '/login')
  })
})
