import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { accountHandlers, courses, learner } from '@/app/__tests__/accounts-fixtures'
import { TOAST_MS } from '@/features/accounts/components/use-copy'
import { json, mockApi } from '@/test/api'
import { renderRoute } from '@/test/render'

/** userEvent installs its own clipboard; replace it with one we control. */
function stubClipboard(writeText: (text: string) => Promise<void>) {
  const mock = vi.fn(writeText)
  Object.defineProperty(navigator, 'clipboard', { value: { writeText: mock }, configurable: true })
  return mock
}

async function renderDashboard(handlers = {}) {
  const fetchMock = mockApi({ ...accountHandlers, ...handlers })
  const result = renderRoute('/dashboard', { user: learner })
  await screen.findByRole('heading', { level: 1, name: 'Hi, Asha Verma' })
  return { ...result, fetchMock }
}

function courseCard(name: string) {
  return screen.getByRole('heading', { level: 3, name }).closest('li') as HTMLElement
}

afterEach(() => {
  vi.useRealTimers()
})

describe('dashboard route', () => {
  it('greets the user and shows the referral code, the four steps and one card per course', async () => {
    await renderDashboard()
    expect(screen.getByText(/logged in as/i)).toHaveTextContent('Logged in as +91 98765 43210')
    expect(screen.getByText('IRCTP3210')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Copy Referral Code' })).toBeInTheDocument()

    const steps = screen.getByRole('region', { name: 'How referrals work' })
    expect(within(steps).getAllByRole('listitem')).toHaveLength(4)
    for (const text of [/copy your referral code/i, /get the form link/i, /ask your friend to fill in the form with your code/i, /our team verifies it and adds it to your account/i]) {
      expect(within(steps).getByRole('heading', { name: text })).toBeInTheDocument()
    }

    for (const course of courses) expect(await screen.findByRole('heading', { level: 3, name: course.name })).toBeInTheDocument()
    expect(within(courseCard('Python (Basic Python)')).getByText(/earn ₹300 per friend who enrols/i)).toBeInTheDocument()
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1)
    expect(screen.getAllByRole('link', { name: /dashboard/i })[0]).toHaveAttribute('href', '/dashboard')
  })

  it('shows no referral figures or reward buttons until they are real', async () => {
    await renderDashboard()
    await screen.findByRole('heading', { level: 3, name: 'Java' })
    expect(screen.queryByText(/successful referrals/i)).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /get rewards/i })).not.toBeInTheDocument()
    expect(screen.queryByText(/my enrolments/i)).not.toBeInTheDocument()
  })

  it('copies the code and shows the toast for a few seconds', async () => {
    await renderDashboard()
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    const writeText = stubClipboard(async () => {})
    await user.click(screen.getByRole('button', { name: 'Copy Referral Code' }))
    expect(writeText).toHaveBeenCalledWith('IRCTP3210')
    const toast = await screen.findByText('Successfully copied to clipboard!')
    expect(toast.closest('[role="status"]')).toHaveAttribute('aria-live', 'polite')
    act(() => {
      vi.advanceTimersByTime(TOAST_MS + 100)
    })
    expect(screen.queryByText('Successfully copied to clipboard!')).not.toBeInTheDocument()
  })

  it('says how to copy by hand when the clipboard refuses', async () => {
    await renderDashboard()
    const user = userEvent.setup()
    stubClipboard(async () => {
      throw new DOMException('Denied', 'NotAllowedError')
    })
    await user.click(screen.getByRole('button', { name: 'Copy Referral Code' }))
    const message = await screen.findByText('Could not copy. Select the code and copy it manually.')
    expect(message.closest('[role="alert"]')).not.toBeNull()
    expect(screen.queryByText('Successfully copied to clipboard!')).not.toBeInTheDocument()
    expect(window.getSelection()?.toString()).toBe('IRCTP3210')
  })

  it('says how to copy by hand when there is no clipboard at all', async () => {
    await renderDashboard()
    const user = userEvent.setup()
    Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true })
    await user.click(screen.getByRole('button', { name: 'Copy Referral Code' }))
    expect(await screen.findByText('Could not copy. Select the code and copy it manually.')).toBeInTheDocument()
  })

  it('copies a course’s referral link and links to WhatsApp with it', async () => {
    await renderDashboard()
    const card = courseCard(await screen.findByRole('heading', { level: 3, name: 'Web Development (MERN stack)' }).then((h) => h.textContent ?? ''))
    const link = `${window.location.origin}/Web-Development-registration?ref=IRCTP3210`
    expect(within(card).getByText(link)).toBeInTheDocument()

    const user = userEvent.setup()
    const writeText = stubClipboard(async () => {})
    await user.click(within(card).getByRole('button', { name: /get referral link/i }))
    expect(writeText).toHaveBeenCalledWith(link)
    expect(await screen.findByText('Successfully copied to clipboard!')).toBeInTheDocument()

    const whatsapp = within(card).getByRole('link', { name: /share on whatsapp/i })
    expect(whatsapp).toHaveAttribute('target', '_blank')
    expect(whatsapp.getAttribute('rel')).toContain('noopener')
    const href = whatsapp.getAttribute('href') ?? ''
    expect(href.startsWith('https://wa.me/?text=')).toBe(true)
    const text = decodeURIComponent(href.slice('https://wa.me/?text='.length))
    expect(text).toContain(link)
    expect(text).toContain('IRCTP3210')
  })

  it('says how to copy a link by hand when the clipboard refuses', async () => {
    await renderDashboard()
    const card = courseCard((await screen.findByRole('heading', { level: 3, name: 'Java' })).textContent ?? '')
    const user = userEvent.setup()
    stubClipboard(async () => {
      throw new Error('no')
    })
    await user.click(within(card).getByRole('button', { name: /get referral link/i }))
    expect(await within(card).findByText('Could not copy. Select the link and copy it manually.')).toBeInTheDocument()
  })

  it('offers a retry when the courses cannot be loaded', async () => {
    let fail = true
    await renderDashboard({ 'GET /api/courses': () => (fail ? json({ message: 'Server error', extra: {} }, 500) : json(courses)) })
    expect(await screen.findByText('We could not load the courses.')).toBeInTheDocument()
    // The code still works without the course list.
    expect(screen.getByRole('button', { name: 'Copy Referral Code' })).toBeInTheDocument()
    fail = false
    await userEvent.setup().click(screen.getByRole('button', { name: /try again/i }))
    expect(await screen.findByRole('heading', { level: 3, name: 'Java' })).toBeInTheDocument()
  })

  it('logs out: ends the session, forgets the account and opens the login page', async () => {
    const { fetchMock, router } = await renderDashboard({ 'POST /api/auth/logout': () => json({ message: 'You have been logged out.' }) })
    await userEvent.setup().click(screen.getByRole('button', { name: 'Logout' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/login')
    expect(router.state.location.search).toBe('')
    expect(screen.getAllByRole('link', { name: /^login$/i })[0]).toHaveAttribute('href', '/login')
    const posts = fetchMock.mock.calls.map(([input]) => input as Request).filter((request) => request.method === 'POST')
    expect(posts.map((request) => new URL(request.url).pathname)).toEqual(['/api/auth/logout'])
  })

  it('keeps the user on the dashboard with a message when logout fails', async () => {
    await renderDashboard({ 'POST /api/auth/logout': () => json({ message: 'CSRF verification failed.', extra: {} }, 403) })
    await userEvent.setup().click(screen.getByRole('button', { name: 'Logout' }))
    expect(await screen.findByText(/we could not log you out/i)).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 1, name: 'Hi, Asha Verma' })).toBeInTheDocument()
  })

  it('sends a logged-out visitor to the login page', async () => {
    mockApi(accountHandlers)
    const { router } = renderRoute('/dashboard')
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/login')
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe('/dashboard')
  })

  it('asks the API who is logged in when the page has no embedded account', async () => {
    mockApi({ ...accountHandlers, 'GET /api/auth/me': () => json(learner) })
    renderRoute('/dashboard', { bootstrap: false })
    expect(await screen.findByRole('heading', { level: 1, name: 'Hi, Asha Verma' })).toBeInTheDocument()
  })

  it('offers a retry when the API cannot say who is logged in', async () => {
    let fail = true
    mockApi({ ...accountHandlers, 'GET /api/auth/me': () => (fail ? json({ message: 'Server error', extra: {} }, 500) : json(learner)) })
    renderRoute('/dashboard', { bootstrap: false })
    expect(await screen.findByRole('heading', { level: 1, name: 'We could not load your dashboard' })).toBeInTheDocument()
    fail = false
    await userEvent.setup().click(screen.getByRole('button', { name: /try again/i }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Hi, Asha Verma' })).toBeInTheDocument()
  })

  it('treats a 401 from the API as logged out', async () => {
    mockApi({ ...accountHandlers, 'GET /api/auth/me': () => json({ message: 'Log in first.', extra: {} }, 401) })
    const { router } = renderRoute('/dashboard', { bootstrap: false })
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument()
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
  })
})
