import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'

import { accountHandlers, learner } from '@/app/__tests__/accounts-fixtures'
import { json, mockApi, sentBodies } from '@/test/api'
import { renderRoute } from '@/test/render'

type Values = { name?: string; phone?: string; password?: string; email?: string }

async function fillAndSubmit({ name = 'Asha Verma', phone = '98765 43210', password = 'a-good-password', email = '' }: Values = {}) {
  const user = userEvent.setup()
  await screen.findByRole('heading', { level: 1, name: 'Create your account' })
  if (name) await user.type(screen.getByLabelText(/^name/i), name)
  if (phone) await user.type(screen.getByLabelText(/phone number/i), phone)
  if (password) await user.type(screen.getByLabelText(/^password/i), password)
  if (email) await user.type(screen.getByLabelText(/email/i), email)
  await user.click(screen.getByRole('button', { name: 'Sign up' }))
  return user
}

function signupAnswer(status: number, body: unknown) {
  return { ...accountHandlers, 'POST /api/auth/signup': () => json(body, status) }
}

describe('signup route', () => {
  it.each(['/signup', '/registration'])('%s shows the sign-up form with its hints', async (path) => {
    mockApi()
    renderRoute(path)
    expect(await screen.findByRole('heading', { level: 1, name: 'Create your account' })).toBeInTheDocument()
    const phone = screen.getByLabelText(/phone number/i)
    expect(phone).toHaveAttribute('type', 'tel')
    expect(phone).toHaveAttribute('inputmode', 'numeric')
    expect(phone).toHaveAttribute('autocomplete', 'tel')
    expect(phone).toHaveAccessibleDescription('e.g. 98765 43210')
    expect(screen.getByLabelText(/^password/i)).toHaveAccessibleDescription(/at least 8 characters, not all digits, and not a common password/i)
    const email = screen.getByLabelText(/email/i)
    expect(email).not.toBeRequired()
    expect(email).toHaveAccessibleDescription(/receipts and resetting your password/i)
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login')
  })

  it('shows and hides the password', async () => {
    mockApi()
    renderRoute('/signup')
    const user = userEvent.setup()
    await screen.findByRole('heading', { level: 1 })
    const password = screen.getByLabelText(/^password/i)
    const toggle = screen.getByRole('button', { name: 'Show password' })
    expect(toggle).toHaveAttribute('aria-pressed', 'false')
    await user.click(toggle)
    expect(password).toHaveAttribute('type', 'text')
    expect(toggle).toHaveAttribute('aria-pressed', 'true')
    await user.click(toggle)
    expect(password).toHaveAttribute('type', 'password')
  })

  it('asks for the empty required fields before sending, in the server’s words, focusing the first', async () => {
    const api = mockApi()
    renderRoute('/signup')
    await fillAndSubmit({ name: '  ', phone: '', password: '' })
    expect(await screen.findByText('Enter your name.')).toBeInTheDocument()
    expect(screen.getByLabelText(/phone number/i)).toHaveAccessibleDescription(/Enter your phone number\./)
    expect(screen.getByLabelText(/^password/i)).toHaveAccessibleDescription(/Enter a password\./)
    expect(screen.getByLabelText(/^name/i)).toHaveFocus()
    expect(await sentBodies(api, 'POST /api/auth/signup')).toEqual([])
  })

  it('leaves formats to the server and shows its field errors, focusing the first', async () => {
    const fields = {
      phone: 'Enter a valid Indian mobile number, for example 98765 43210.',
      password: 'This password is entirely numeric.',
      email: 'Enter a valid email address.',
    }
    const api = mockApi(signupAnswer(422, { message: 'Please correct the errors below.', extra: { fields } }))
    renderRoute('/signup')
    await fillAndSubmit({ phone: '12345 67890', password: '1234567890', email: 'not-an-email' })
    const phone = screen.getByLabelText(/phone number/i)
    await waitFor(() => expect(phone).toHaveAccessibleDescription(new RegExp(fields.phone)))
    expect(phone).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByLabelText(/^password/i)).toHaveAccessibleDescription(new RegExp(fields.password))
    expect(screen.getByLabelText(/^email/i)).toHaveAccessibleDescription(new RegExp(fields.email))
    await waitFor(() => expect(phone).toHaveFocus())
    expect(await sentBodies(api, 'POST /api/auth/signup')).toEqual([
      expect.objectContaining({ phone: '12345 67890', email: 'not-an-email' }),
    ])
  })

  it('accepts the phone forms the server accepts', async () => {
    const api = mockApi(signupAnswer(422, { message: 'x', extra: { fields: { password: 'This password is too common.' } } }))
    renderRoute('/signup')
    const user = await fillAndSubmit({ phone: '+91 98765-43210' })
    await screen.findByText('This password is too common.')
    await user.clear(screen.getByLabelText(/phone number/i))
    await user.type(screen.getByLabelText(/phone number/i), '09876543210')
    await user.click(screen.getByRole('button', { name: 'Sign up' }))
    await waitFor(async () => expect(await sentBodies(api, 'POST /api/auth/signup')).toHaveLength(2))
  })

  it('shows the server’s password verdict next to the password', async () => {
    mockApi(signupAnswer(422, { message: 'Check the fields.', extra: { fields: { password: 'This password is too common.' } } }))
    renderRoute('/signup')
    await fillAndSubmit({ password: 'password123' })
    const password = screen.getByLabelText(/^password/i)
    await waitFor(() => expect(password).toHaveAccessibleDescription(/this password is too common/i))
    expect(password).toHaveAttribute('aria-invalid', 'true')
    await waitFor(() => expect(password).toHaveFocus())
  })

  it('refuses a phone that already has an account, with a link to log in', async () => {
    const message = 'An account with this phone number already exists. Please log in instead.'
    mockApi(signupAnswer(409, { message, extra: { fields: { phone: message }, login_url: '/login' } }))
    renderRoute('/signup')
    await fillAndSubmit()
    const text = await screen.findByText(message)
    const region = text.closest('[role="alert"]') as HTMLElement
    expect(within(region).getByRole('link', { name: 'Go to login' })).toHaveAttribute('href', '/login')
    expect(screen.getAllByText(message)).toHaveLength(1)
  })

  it('says when to try again when sign-ups are rate limited', async () => {
    const message = 'Too many sign-ups from your network. Please try again in 40 minutes.'
    mockApi(signupAnswer(429, { message, extra: { retry_after: 2400 } }))
    renderRoute('/signup')
    await fillAndSubmit()
    expect(await screen.findByText(message)).toBeInTheDocument()
  })

  it('signs the new account in (no code on this server): the dashboard opens, no second login', async () => {
    const api = mockApi(signupAnswer(201, { message: 'Successfully signed up' }))
    const { history } = renderRoute('/registration', { signsUpAs: learner })
    await fillAndSubmit({ email: 'asha@example.com' })
    expect(await screen.findByRole('heading', { level: 1, name: 'Hi, Asha Verma' })).toBeInTheDocument()
    expect(history.location.pathname).toBe('/dashboard')
    expect(await sentBodies(api, 'POST /api/auth/signup')).toEqual([
      { name: 'Asha Verma', phone: '98765 43210', password: 'a-good-password', email: 'asha@example.com', whatsapp_opt_in: false },
    ])
  })

  it.each(['/signup', '/registration'])('%s sends a logged-in user to the dashboard', async (path) => {
    mockApi(accountHandlers)
    const { history } = renderRoute(path, { user: learner })
    expect(await screen.findByRole('heading', { level: 1, name: 'Hi, Asha Verma' })).toBeInTheDocument()
    expect(history.location.pathname).toBe('/dashboard')
  })
})
