import { screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'

import { answerPage, json, mockApi } from '@/test/api'
import { renderRoute } from '@/test/render'

describe('courses route', () => {
  it('lists the four courses with fees and links to their pages, and the bootcamp apart', async () => {
    mockApi()
    renderRoute('/courses')
    expect(await screen.findByRole('heading', { level: 1, name: /live online courses/i })).toBeInTheDocument()
    const list = await screen.findByRole('region', { name: /our courses/i })
    const cards = await within(list).findAllByRole('article')
    expect(cards).toHaveLength(4)

    const web = within(list).getByRole('link', { name: 'View course: Web Development (MERN stack)' })
    expect(web).toHaveAttribute('href', '/Web-Development-registration')
    expect(within(list).getByRole('link', { name: 'View course: Python (Basic Python)' })).toHaveAttribute('href', '/python-registration')

    const webCard = cards[0] as HTMLElement
    expect(within(webCard).getByText('₹2,499').tagName).toBe('S')
    expect(within(webCard).getByText('₹999')).toBeInTheDocument()
    expect(within(webCard).getByText('9:00 PM - 11:00 PM')).toBeInTheDocument()

    const bootcamp = await screen.findByRole('region', { name: /java \+ android bootcamp/i })
    expect(within(bootcamp).getByText('₹199')).toBeInTheDocument()
    expect(within(bootcamp).getByRole('link', { name: /see the bootcamp/i })).toHaveAttribute('href', '/java+android_bootcamp')
  })

  it('leaves the bootcamp out when the catalogue has none', async () => {
    mockApi(answerPage('courses', { bootcamp: null }))
    renderRoute('/courses')
    const list = await screen.findByRole('region', { name: /our courses/i })
    expect(within(list).getAllByRole('article')).toHaveLength(4)
    expect(screen.queryByRole('region', { name: /bootcamp/i })).not.toBeInTheDocument()
  })

  it('shows the error page, with a way to try again, when the courses cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    mockApi({ 'GET /api/pages/courses': () => json({ message: 'Server error.', extra: {} }, 500) })
    renderRoute('/courses')
    expect(await screen.findByRole('heading', { level: 1, name: 'This page could not be loaded' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: /try again/i })).toBeInTheDocument()
    expect(screen.queryByRole('heading', { level: 1, name: /live online courses/i })).not.toBeInTheDocument()
  })
})

/** A course page's data includes the enrolment form's states. */
const states = answerPage('path', { states: [{ code: '29', name: 'Karnataka' }] })

describe('course route', () => {
  it('shows every detail, the struck-through list fee with words for screen readers, and the referral reward', async () => {
    mockApi(states)
    renderRoute('/Web-Development-registration')
    expect(await screen.findByRole('heading', { level: 1, name: 'Web Development (MERN stack)' })).toBeInTheDocument()
    const details = await screen.findByRole('region', { name: 'Course details' })

    const rows = Object.fromEntries(
      within(details)
        .getAllByRole('term')
        .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
    )
    expect(rows).toMatchObject({
      Duration: '3 Months',
      Timing: '9:00 PM - 11:00 PM',
      Days: 'Mon/Wed/Fri',
      'Doubt session': 'Sunday',
      Mode: 'Online',
      Certificate: 'Yes',
    })
    expect(rows.Fee).toContain('Was ₹2,499, now ₹999')
    expect(rows.Fee).toContain('Offer price')
    expect(within(details).getByText('₹2,499').tagName).toBe('S')

    expect(within(details).getByRole('link', { name: /ask about this course/i })).toHaveAttribute(
      'href',
      '/getquote?subject=Question+about+Web+Development+%28MERN+stack%29',
    )
    expect(within(details).getByRole('link', { name: 'Refer a friend and earn ₹150' })).toHaveAttribute('href', '/referearn')

    expect(screen.getByRole('heading', { level: 2, name: 'Syllabus' })).toBeInTheDocument()
    expect(screen.getByText('A final project')).toBeInTheDocument()
    expect(screen.getByText('Certificate of completion')).toBeInTheDocument()
    // No fake buttons: the only call to action is a real link.
    expect(within(details).queryByRole('button')).not.toBeInTheDocument()
  })

  it('shows one fee when there is no offer', async () => {
    mockApi(states)
    renderRoute('/python-registration')
    const details = await screen.findByRole('region', { name: 'Course details' })
    expect(within(details).getByText('₹4,499')).toBeInTheDocument()
    expect(within(details).queryByText(/was/i)).not.toBeInTheDocument()
    expect(within(details).getByText('Saturday')).toBeInTheDocument()
  })

  it('is the not-found page when no active course has this page path (Django answers 404)', async () => {
    mockApi(answerPage('path', () => json({ message: 'No page at this address.', extra: {} }, 404)))
    renderRoute('/java-registration')
    expect(await screen.findByRole('heading', { level: 1, name: /couldn’t find that page/i })).toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Course details' })).not.toBeInTheDocument()
  })
})

describe('bootcamp route', () => {
  it('shows the fee and the month, and offers Enrol as the one way to pay', async () => {
    mockApi(states)
    renderRoute('/java+android_bootcamp')
    expect(await screen.findByRole('heading', { level: 1, name: 'Java + Android Bootcamp' })).toBeInTheDocument()
    const details = await screen.findByRole('region', { name: 'Bootcamp details' })
    expect(within(details).getByText('1 Month')).toBeInTheDocument()
    expect(within(details).getByRole('link', { name: /enrol now/i })).toHaveAttribute('href', '#enrol')
    expect(within(details).queryByRole('link', { name: /pay/i })).not.toBeInTheDocument()
    expect(document.querySelector('a[href="/payment"]')).toBeNull()
    expect(within(details).getByRole('link', { name: /ask about the bootcamp/i })).toHaveAttribute(
      'href',
      '/getquote?subject=Question+about+Java+%2B+Android+Bootcamp',
    )
    // Empty facts (timing, days) are left out rather than shown blank; no referral reward.
    expect(within(details).queryByText('Timing')).not.toBeInTheDocument()
    expect(within(details).queryByText(/refer a friend/i)).not.toBeInTheDocument()
  })
})
