import { screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'

import { accountHandlers, courses, learner } from '@/app/__tests__/accounts-fixtures'
import { answerPage, json, mockApi } from '@/test/api'
import { renderRoute } from '@/test/render'

describe('referearn route', () => {
  it('explains the programme in three steps with each course’s reward', async () => {
    mockApi(accountHandlers)
    renderRoute('/referearn')
    expect(await screen.findByRole('heading', { level: 1, name: /refer a friend, earn a reward/i })).toBeInTheDocument()
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1)

    const steps = screen.getByRole('region', { name: 'How it works' })
    const items = within(steps).getAllByRole('listitem')
    expect(items).toHaveLength(3)
    expect(within(items[0] as HTMLElement).getByRole('heading', { name: /sign up and get your code/i })).toBeInTheDocument()
    expect(within(items[0] as HTMLElement).getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/signup')
    expect(within(items[1] as HTMLElement).getByRole('heading', { name: /share your referral link/i })).toBeInTheDocument()
    expect(within(items[2] as HTMLElement).getByRole('heading', { name: /earn a reward when your friend’s enrolment is confirmed/i })).toBeInTheDocument()

    const rewards = screen.getByRole('region', { name: 'Rewards per course' })
    for (const [name, reward] of [
      ['Web Development (MERN stack)', '₹150'],
      ['Python (Basic Python)', '₹300'],
      ['Java', '₹100'],
      ['Android with Java', '₹200'],
    ]) {
      const term = await within(rewards).findByText(name as string)
      expect(term.closest('li')).toHaveTextContent(`${name}${reward}per friend who enrols`)
    }
  })

  it('links "Get Referral code" to the dashboard', async () => {
    mockApi(accountHandlers)
    renderRoute('/referearn')
    await screen.findByRole('heading', { level: 1 })
    const links = screen.getAllByRole('link', { name: 'Get Referral code' })
    expect(links.length).toBeGreaterThan(0)
    for (const link of links) expect(link).toHaveAttribute('href', '/dashboard')
  })

  it('leaves out courses without a reward', async () => {
    mockApi({ ...accountHandlers, ...answerPage('referearn', () => ({ courses: [{ ...courses[0]!, referral_reward: 0, referral_reward_display: null }, courses[2]!] })) })
    renderRoute('/referearn')
    expect(await screen.findByText('Java')).toBeInTheDocument()
    expect(screen.queryByText('Web Development (MERN stack)')).not.toBeInTheDocument()
  })

  it('shows the error page, with a way to try again, when the rewards cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    mockApi({ ...accountHandlers, 'GET /api/pages/referearn': () => json({ message: 'Server error', extra: {} }, 500) })
    renderRoute('/referearn')
    expect(await screen.findByRole('heading', { level: 1, name: 'This page could not be loaded' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: /try again/i })).toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Rewards per course' })).not.toBeInTheDocument()
  })

  it('leaves the rewards out when no course pays one', async () => {
    mockApi({ ...accountHandlers, ...answerPage('referearn', () => ({ courses: [{ ...courses[0]!, referral_reward: 0, referral_reward_display: null }] })) })
    renderRoute('/referearn')
    expect(await screen.findByRole('region', { name: 'How it works' })).toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Rewards per course' })).not.toBeInTheDocument()
  })

  it('shows Dashboard instead of Login in the header for a logged-in user', async () => {
    mockApi(accountHandlers)
    renderRoute('/referearn', { user: learner })
    await screen.findByRole('heading', { level: 1 })
    const header = screen.getByRole('banner')
    expect(within(header).getAllByRole('link', { name: 'Dashboard' })[0]).toHaveAttribute('href', '/dashboard')
    expect(within(header).queryByRole('link', { name: 'Login' })).not.toBeInTheDocument()
  })
})
