import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import type { components } from '@/api/schema'
import { accountHandlers, learner } from '@/app/__tests__/accounts-fixtures'
import { answerPage, mockApi } from '@/test/api'
import type { PageOverrides } from '@/test/page-data'
import { renderRoute } from '@/test/render'

type StudentClass = components['schemas']['StudentClassOut']
type StudentBatch = components['schemas']['StudentBatchOut']

function lesson(overrides: Partial<StudentClass> = {}): StudentClass {
  return {
    id: 41,
    kind: 'class',
    title: 'Class',
    starts_at: '2026-12-07T15:30:00Z',
    ends_at: '2026-12-07T17:30:00Z',
    when_text: 'Mon 7 December 2026, 9:00 PM - 11:00 PM',
    cancelled: false,
    is_over: false,
    join_open: false,
    join_path: '/classes/41/join',
    opens_text: 'Opens at 8:45 PM',
    recording_link: '',
    ...overrides,
  }
}

const past = lesson({
  id: 40,
  starts_at: '2026-12-04T15:30:00Z',
  ends_at: '2026-12-04T17:30:00Z',
  when_text: 'Fri 4 December 2026, 9:00 PM - 11:00 PM',
  is_over: true,
  join_path: null,
  opens_text: null,
  recording_link: 'https://video.example/rec-40',
})
const cancelled = lesson({ id: 39, when_text: 'Wed 2 December 2026, 9:00 PM - 11:00 PM', cancelled: true, join_path: null, opens_text: null, is_over: true })

function batch(overrides: Partial<StudentBatch> = {}): StudentBatch {
  return {
    reference: 'ENR-ABC234',
    course: 'Web Development (MERN stack)',
    course_route: '/Web-Development-registration',
    starts_text: 'Starts 30 November 2026',
    dates_text: '30 November 2026 to 31 January 2027',
    days: 'Mon/Wed/Fri',
    time: '9:00 PM - 11:00 PM',
    next_class: lesson(),
    classes: [cancelled, past, lesson()],
    attendance_text: 'Attended 1 of 1 classes',
    certificate_id: null,
    certificate_verify_path: null,
    ...overrides,
  }
}

async function classesSection(fields: PageOverrides<'dashboard'>) {
  mockApi({ ...accountHandlers, ...answerPage('dashboard', () => fields) })
  renderRoute('/dashboard', { user: learner })
  await screen.findByRole('heading', { level: 1, name: 'Hi, Asha Verma' })
  return screen.getByRole('region', { name: 'My classes' })
}

describe('dashboard: My classes', { timeout: 20_000 }, () => {
  it('comes first and shows the next class, when Join class opens, the attendance and the calendar', async () => {
    const section = await classesSection({ classes: [batch()], calendar_path: '/calendar/tok123.ics' })

    const headings = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)
    expect(headings[0]).toBe('My classes')
    expect(within(section).getByText('Mon 7 December 2026, 9:00 PM - 11:00 PM', { selector: 'p time' })).toBeInTheDocument()
    expect(within(section).getByText('Opens at 8:45 PM')).toBeInTheDocument()
    expect(within(section).queryByRole('link', { name: 'Join class' })).not.toBeInTheDocument()
    expect(within(section).getByText('Attended 1 of 1 classes')).toBeInTheDocument()
    expect(within(section).getByRole('link', { name: 'Add to calendar' })).toHaveAttribute('href', '/calendar/tok123.ics')
  })

  it('links Join class to the site’s join address inside the window, never a meeting link', async () => {
    const open = lesson({ join_open: true, opens_text: null })
    const section = await classesSection({ classes: [batch({ next_class: open, classes: [open] })] })

    expect(within(section).getByRole('link', { name: 'Join class' })).toHaveAttribute('href', '/classes/41/join')
    expect(section.innerHTML).not.toContain('meet.')
  })

  it('shows the schedule with the cancelled classes and the past classes’ recordings', async () => {
    const section = await classesSection({ classes: [batch()] })

    const schedule = within(section).getByText('Schedule (3 classes)').closest('details') as HTMLElement
    const items = within(schedule).getAllByRole('listitem')
    expect(items[0]).toHaveTextContent('Cancelled')
    expect(within(items[1]!).getByRole('link', { name: /recording/i })).toHaveAttribute('href', 'https://video.example/rec-40')
    expect(within(items[2]!).queryByRole('link')).toBeNull()
  })

  it('shows the completion certificate linked to its verify page', async () => {
    const section = await classesSection({
      classes: [batch({ next_class: null, certificate_id: 'CRS-2027-0001', certificate_verify_path: '/verify/CRS-2027-0001' })],
    })

    expect(within(section).getByRole('link', { name: 'CRS-2027-0001' })).toHaveAttribute('href', '/verify/CRS-2027-0001')
    expect(within(section).getByText('No class is left in this batch’s schedule.')).toBeInTheDocument()
  })

  it('shows the waitlists the student is on', async () => {
    const section = await classesSection({
      waitlist: [
        {
          course: 'Python',
          course_route: '/python-registration',
          batch_starts_text: 'Starts 4 January 2027',
          name: 'Asha Verma',
          created_at: '2026-12-01T10:00:00Z',
          told_at: null,
          status_text: 'Waiting for a seat',
          message: '',
        },
      ],
    })

    expect(within(section).getByText('Waiting for a seat')).toBeInTheDocument()
    expect(within(section).getByText('Python')).toBeInTheDocument()
  })

  it('is not there for a student without classes or waitlists', async () => {
    mockApi(accountHandlers)
    renderRoute('/dashboard', { user: learner })
    await screen.findByRole('heading', { level: 1, name: 'Hi, Asha Verma' })

    expect(screen.queryByRole('region', { name: 'My classes' })).not.toBeInTheDocument()
  })
})
