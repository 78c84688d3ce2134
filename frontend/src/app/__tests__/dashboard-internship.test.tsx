import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { accountHandlers, learner } from '@/app/__tests__/accounts-fixtures'
import { answerPage, json, mockApi } from '@/test/api'
import { application } from '@/test/internship-fixtures'
import { renderRoute } from '@/test/render'

async function internshipSection(handlers = {}) {
  mockApi({ ...accountHandlers, ...handlers })
  renderRoute('/dashboard', { user: learner })
  await screen.findByRole('heading', { level: 1, name: 'Hi, Asha Verma' })
  return screen.getByRole('region', { name: 'My internship' })
}

describe('dashboard: My internship', { timeout: 20_000 }, () => {
  it('invites someone who has not applied to see the internships', async () => {
    const section = await internshipSection()
    expect(within(section).getByText(/You have not applied for an internship yet/)).toBeInTheDocument()
    expect(within(section).getByRole('link', { name: 'See the internships' })).toHaveAttribute('href', '/internship')
  })

  it('lists applications with their status, the reason of a rejection and the board once accepted', async () => {
    const section = await internshipSection({
      ...answerPage('dashboard', () => ({ internship: {
          applications: [
            application({ id: 9, status: 'accepted', status_label: 'Accepted', board_slug: 'tasks-10' }),
            application({
              id: 3,
              reference: 'APP-0003',
              domain_slug: 'iot',
              domain_title: 'Internet of Things',
              status: 'rejected',
              status_label: 'Rejected',
              rejection_reason: 'The batch is full; please apply again next month.',
            }),
            application({ id: 2, reference: 'APP-0002', domain_slug: 'android', domain_title: 'Android Development' }),
          ],
          certificates: [],
        } })),
    })
    const cards = within(section).getAllByRole('listitem')
    expect(cards).toHaveLength(3)
    expect(within(cards[0]!).getByRole('heading', { name: 'Web Development' })).toBeInTheDocument()
    expect(within(cards[0]!).getByText('Accepted')).toBeInTheDocument()
    expect(within(cards[0]!).getByRole('link', { name: /go to your task board for web development/i })).toHaveAttribute('href', '/tasks-10')
    expect(within(cards[1]!).getByText('Rejected')).toBeInTheDocument()
    expect(within(cards[1]!).getByText('The batch is full; please apply again next month.')).toBeInTheDocument()
    expect(within(cards[1]!).queryByRole('link')).toBeNull()
    expect(within(cards[2]!).getByText('Submitted, waiting for review')).toBeInTheDocument()
    expect(within(cards[2]!).getByText('APP-0002')).toBeInTheDocument()
    expect(within(cards[2]!).queryByRole('link')).toBeNull()
  })

  it('lists issued certificates as their CertificateID linked to the verify page', async () => {
    const section = await internshipSection({
      ...answerPage('dashboard', () => ({ internship: {
          applications: [application({ status: 'accepted', status_label: 'Accepted', board_slug: 'tasks-10' })],
          certificates: [{ certificate_id: 'IN-2026-0042', domain_title: 'Web Development', board_slug: 'tasks-10', issued_on: '2026-04-02', verify_path: '/verify/IN-2026-0042' }],
        } })),
    })
    const link = within(section).getByRole('link', { name: 'IN-2026-0042' })
    expect(link).toHaveAttribute('href', '/verify/IN-2026-0042')
    expect(within(section).getByText('Web Development internship completion certificate')).toBeInTheDocument()
    expect(within(section).getByText('2 Apr 2026')).toBeInTheDocument()
  })

  it('is the page’s error, with Try again, when the internship part cannot be loaded (the page comes in one answer)', async () => {
    mockApi({ ...accountHandlers, 'GET /api/pages/dashboard': () => json({ message: 'Server error.', extra: {} }, 500) })
    renderRoute('/dashboard', { user: learner })
    expect(await screen.findByRole('heading', { level: 1, name: 'This page could not be loaded' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: /try again/i })).toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'My internship' })).not.toBeInTheDocument()
  })
})
