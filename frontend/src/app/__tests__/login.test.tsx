import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'

import { accountHandlers, learner } from '@/app/__tests__/accounts-fixtures'
import { json, mockApi, sentBodies } from '@/test/api'
import { renderRoute } from '@/test/render'

async function fillAndSubmit(phone = '98765 43210', password = 'a-good-password') {
  const user = userEvent.setup()
  await screen.findByRole('heading', { level: 1, name: 'Log in' })
  if (phone) await user.type(screen.getByLabelText(/phone number/i), phone)
  if (password) await user.type(screen.getByLabelText(/^password/i), password)
  await user.click(screen.getByRole('button', { name: 'Log in' }))
  return user
}

function loginAnswer(status: number, body: unknown) {
  return { ...accountHandlers, 'POST /api/auth/login': () => json(body, status) }
}

describe('login route', () => {
  it('shows the form with a phone field for numbers and a link to sign up', async () => {
    mockApi()
    renderRoute('/login')
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument()
    const phone = screen.getByLabelText(/phone number/i)
    expect(phone).toHaveAttribute('type', 'tel')
    expect(phone).toHaveAttribute('inputmode', 'numeric')
    expect(screen.getByLabelText(/^password/i)).toHaveAttribute('type', 'password')
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/signup')
    expect(screen.getAllByRole('link', { name: /^login$/i })[0]).toHaveAttribute('href', '/login')
  })

  it('asks for the empty fields before sending anything, in the server’s words', async () => {
    const api = mockApi()
    renderRoute('/login')
    await fillAndSubmit('', '')
    expect(await screen.findByText('Enter your phone number.')).toBeInTheDocument()
    expect(screen.getByText('Enter your password.')).toBeInTheDocument()
    expect(screen.getByLabelText(/phone number/i)).toHaveFocus()
    expect(await sentBodies(api, 'POST /api/auth/login')).toEqual([])
  })

  it('leaves the phone’s form to the server and shows its field error, focused', async () => {
    const message = 'Enter a valid Indian mobile number, for example 98765 43210.'
    const api = mockApi(loginAnswer(422, { message: 'Please correct the errors below.', extra: { fields: { phone: message } } }))
    renderRoute('/login')
    await fillAndSubmit('12345')
    const phone = screen.getByLabelText(/phone number/i)
    await waitFor(() => expect(phone).toHaveAccessibleDescription(new RegExp(message)))
    expect(phone).toHaveAttribute('aria-invalid', 'true')
    await waitFor(() => expect(phone).toHaveFocus())
    expect(await sentBodies(api, 'POST /api/auth/login')).toEqual([expect.objectContaining({ phone: '12345' })])
  })

  it('says "Invalid Password" under the form', async () => {
    mockApi(loginAnswer(401, { message: 'Invalid Password', extra: { reason: 'invalid_password' } }))
    renderRoute('/login')
    await fillAndSubmit()
    const alert = await screen.findByText('Invalid Password')
    expect(alert.closest('[role="alert"]')).not.toBeNull()
    expect(screen.queryByRole('link', { name: 'Sign up now' })).not.toBeInTheDocument()
  })

  it('says "No Account Found Please Sign Up First" with a link to sign up', async () => {
    mockApi(loginAnswer(401, { message: 'No Account Found Please Sign Up First', extra: { reason: 'no_account' } }))
    renderRoute('/login')
    await fillAndSubmit()
    const message = await screen.findByText('No Account Found Please Sign Up First')
    const region = message.closest('[role="alert"]') as HTMLElement
    expect(within(region).getByRole('link', { name: 'Sign up now' })).toHaveAttribute('href', '/signup')
  })

  it('says when to try again after too many failures', async () => {
    const message = 'Too many attempts. Try again in 15 minutes.'
    mockApi(loginAnswer(429, { message, extra: { retry_after: 900 } }))
    renderRoute('/login')
    await fillAndSubmit()
    expect(await screen.findByText(message)).toBeInTheDocument()
  })

  it('shows the server’s field errors next to the fields', async () => {
    mockApi(loginAnswer(422, { message: 'Check the fields.', extra: { fields: { phone: 'Enter a valid Indian mobile number, for example 98765 43210.' } } }))
    renderRoute('/login')
    await fillAndSubmit('9000000000')
    const phone = screen.getByLabelText(/phone number/i)
    await waitFor(() => expect(phone).toHaveAccessibleDescription(/enter a valid indian mobile number/i))
    expect(phone).toHaveAttribute('aria-invalid', 'true')
  })

  it('says "Login successful!", then opens the dashboard and the header offers Dashboard', async () => {
    const api = mockApi(loginAnswer(200, { message: 'Login successful!', user: learner }))
    const { history } = renderRoute('/login')
    await fillAndSubmit(' 98765 43210 ', 'a-good-password')
    const success = await screen.findByText('Login successful!')
    expect(success.closest('[role="status"]')).not.toBeNull()
    expect(await screen.findByRole('heading', { level: 1, name: 'Hi, Asha Verma' })).toBeInTheDocument()
    expect(history.location.pathname).toBe('/dashboard')
    expect(screen.getAllByRole('link', { name: /dashboard/i })[0]).toHaveAttribute('href', '/dashboard')
    expect(screen.queryByRole('link', { name: /^login$/i })).not.toBeInTheDocument()
    expect(await sentBodies(api, 'POST /api/auth/login')).toEqual([{ phone: '98765 43210', password: 'a-good-password' }])
  })

  it('goes to a same-site ?next= path after login', async () => {
    mockApi(loginAnswer(200, { message: 'Login successful!', user: learner }))
    const { history } = renderRoute('/login?next=%2Freferearn')
    await fillAndSubmit()
    await waitFor(() => expect(history.location.pathname).toBe('/referearn'))
  })

  it('ignores a ?next= that points to another site', async () => {
    mockApi(loginAnswer(200, { message: 'Login successful!', user: learner }))
    const { history } = renderRoute('/login?next=%2F%2Fevil.example%2Fdashboard')
    await fillAndSubmit()
    await waitFor(() => expect(history.location.pathname).toBe('/dashboard'))
    expect(await screen.findByRole('heading', { level: 1, name: 'Hi, Asha Verma' })).toBeInTheDocument()
  })

  it('sends a logged-in user to the dashboard', async () => {
    mockApi(accountHandlers)
    const { history } = renderRoute('/login', { user: learner })
    expect(await screen.findByRole('heading', { level: 1, name: 'Hi, Asha Verma' })).toBeInTheDocument()
    expect(history.location.pathname).toBe('/dashboard')
  })

  it('reads the CSRF cookie afresh for each write, since login rotates it', async () => {
    document.cookie = 'csrftoken=before-login; path=/'
    const api = mockApi({
      ...accountHandlers,
      'POST /api/auth/login': () => {
        document.cookie = 'csrftoken=after-login; path=/'
        return json({ message: 'Login successful!', user: learner })
      },
      'POST /api/auth/logout': () => json({ message: 'You have been logged out.' }),
    })
    renderRoute('/login')
    const user = await fillAndSubmit()
    await screen.findByRole('heading', { level: 1, name: 'Hi, Asha Verma' })
    await user.click(screen.getByRole('button', { name: 'Logout' }))
    await screen.findByRole('heading', { level: 1, name: 'Log in' })

    const tokens = api.requests
      .filter((request) => request.method === 'POST')
      .map((request) => [new URL(request.url).pathname, request.headers.get('X-CSRFToken')])
    expect(tokens).toEqual([
      ['/api/auth/login', 'before-login'],
      ['/api/auth/logout', 'after-login'],
    ])
  })

  it('asks for a CSRF cookie first when the page has none', async () => {
    const api = mockApi({
      ...loginAnswer(401, { message: 'Invalid Password', extra: { reason: 'invalid_password' } }),
      'GET /api/auth/csrf': () => {
        document.cookie = 'csrftoken=fresh-token; path=/'
        return json({ csrf_token: 'fresh-token' })
      },
    })
    renderRoute('/login')
    await fillAndSubmit()
    await screen.findByText('Invalid Password')
    const login = api.requests.find((request) => request.method === 'POST')
    expect(login?.headers.get('X-CSRFToken')).toBe('fresh-token')
  })
})
