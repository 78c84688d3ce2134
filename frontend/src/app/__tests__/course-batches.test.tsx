import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'

import type { components } from '@/api/schema'
import { action as courseAction } from '@/app/routes/page'
import type { EnrolmentAnswer } from '@/features/enrolments/answer'
import { answerPage, json, mockApi, sentBodies } from '@/test/api'
import type { PageOverrides } from '@/test/page-data'
import { renderRoute } from '@/test/render'

type Batch = components['schemas']['BatchPlaceOut']

const COURSE_PATH = '/Web-Development-registration'
const FULL = 'This batch is full.'
const JOINED = 'You are on the waitlist. We will tell you in turn when a seat is free.'

function batch(overrides: Partial<Batch> = {}): Batch {
  return {
    id: 7,
    starts_on: '2027-01-04',
    ends_on: '2027-02-26',
    starts_text: 'Starts 4 January 2027',
    days: 'Mon/Wed/Fri',
    time: '9:00 PM - 11:00 PM',
    seats: 20,
    seats_left: 2,
    is_full: false,
    is_closed: false,
    is_open: true,
    status_text: '2 seats left',
    choice_text: 'Starts 4 January 2027, Mon/Wed/Fri',
    ...overrides,
  }
}

const later = batch({
  id: 9,
  starts_on: '2027-02-01',
  starts_text: 'Starts 1 February 2027',
  choice_text: 'Starts 1 February 2027, Tue/Thu',
  days: 'Tue/Thu',
  seats: null,
  seats_left: null,
  status_text: 'Seats available',
})
const full = batch({ id: 5, seats_left: 0, is_full: true, is_open: false, status_text: 'Full' })
const closed = batch({ id: 3, starts_text: 'Starts 1 December 2026', is_closed: true, is_open: false, status_text: 'Enrolment closed' })

function page(fields: PageOverrides<'path'>) {
  return {
    'GET /api/auth/csrf': () => {
      document.cookie = 'csrftoken=test-token; path=/'
      return json({ csrf_token: 'test-token' })
    },
    ...answerPage('path', () => ({ has_batches: true, ...fields })),
  }
}

async function enrolForm() {
  return screen.findByRole('region', { name: /enrol in web development/i })
}

async function fill(user: ReturnType<typeof userEvent.setup>, form: HTMLElement) {
  await user.type(within(form).getByLabelText(/^name/i), 'Ravi Kumar')
  await user.type(within(form).getByLabelText(/^phone number/i), '87654 32109')
  await user.type(within(form).getByLabelText(/^email/i), 'ravi@example.com')
}

async function post(fields: Record<string, string>) {
  const request = new Request(`http://localhost${COURSE_PATH}`, { method: 'POST', body: new URLSearchParams(fields) })
  const url = new URL(`http://localhost${COURSE_PATH}`)
  const result = (await courseAction({ request, url, params: {}, context: {} } as Parameters<typeof courseAction>[0])) as unknown
  if (result && typeof result === 'object' && 'init' in result && 'data' in result) {
    const { data, init } = result as { data: EnrolmentAnswer; init: ResponseInit | null }
    return { status: init?.status ?? 200, answer: data }
  }
  return { status: 200, answer: result as EnrolmentAnswer }
}

beforeEach(() => {
  document.cookie = 'csrftoken=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/'
})

describe('course page batches', () => {
  it('lists each batch with when it starts and its seats, full and closed ones too', async () => {
    mockApi(page({ batches: [closed, batch(), full, later] }))
    renderRoute(COURSE_PATH)
    const form = await enrolForm()

    const list = within(form).getByRole('list', { name: 'Batches' })
    const items = within(list).getAllByRole('listitem').map((item) => item.textContent)
    expect(items).toEqual([
      expect.stringContaining('Starts 1 December 2026'),
      expect.stringContaining('Starts 4 January 2027'),
      expect.stringContaining('Starts 4 January 2027'),
      expect.stringContaining('Starts 1 February 2027'),
    ])
    expect(items[0]).toContain('Enrolment closed')
    expect(items[1]).toContain('2 seats left')
    expect(items[1]).toContain('Mon/Wed/Fri, 9:00 PM - 11:00 PM')
    expect(items[2]).toContain('Full')
    expect(items[3]).toContain('Seats available')
  })

  it('asks which batch when more than one is open, and sends the one chosen', async () => {
    const api = mockApi({ ...page({ batches: [batch(), full, later] }), 'POST /api/enrolments': () => json({ message: 'x', extra: {} }, 400) })
    renderRoute(COURSE_PATH)
    const user = userEvent.setup()
    const form = await enrolForm()
    const choice = within(form).getByRole('combobox', { name: /^batch/i })
    // Only the open batches are offered, the earliest first.
    expect(within(choice).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Starts 4 January 2027, Mon/Wed/Fri (2 seats left)',
      'Starts 1 February 2027, Tue/Thu (Seats available)',
    ])
    await fill(user, form)
    await user.selectOptions(choice, 'Starts 1 February 2027, Tue/Thu (Seats available)')
    await user.click(within(form).getByRole('button', { name: /enrol and pay/i }))

    await waitFor(async () => expect(await sentBodies(api, 'POST /api/enrolments')).toEqual([expect.objectContaining({ batch: 9 })]))
  })

  it('chooses the one open batch by itself', async () => {
    const api = mockApi({ ...page({ batches: [batch(), full] }), 'POST /api/enrolments': () => json({ message: 'x', extra: {} }, 400) })
    renderRoute(COURSE_PATH)
    const user = userEvent.setup()
    const form = await enrolForm()
    expect(within(form).queryByRole('combobox', { name: /^batch/i })).not.toBeInTheDocument()
    await fill(user, form)
    await user.click(within(form).getByRole('button', { name: /enrol and pay/i }))

    await waitFor(async () => expect(await sentBodies(api, 'POST /api/enrolments')).toEqual([expect.objectContaining({ batch: 7 })]))
  })

  it('offers the waitlist, prefilled, when the batch is full, and joins it', async () => {
    const api = mockApi({
      ...page({ batches: [batch()] }),
      'POST /api/enrolments': () => json({ message: FULL, extra: { fields: { batch: FULL }, waitlist: true } }, 409),
      'POST /api/courses/{slug}/waitlist': () =>
        json(
          {
            course: 'Web Development (MERN stack)',
            course_route: COURSE_PATH,
            batch_starts_text: 'Starts 4 January 2027',
            name: 'Ravi Kumar',
            created_at: '2026-12-07T10:00:00Z',
            told_at: null,
            status_text: 'Waiting for a seat',
            message: JOINED,
          },
          201,
        ),
    })
    renderRoute(COURSE_PATH)
    const user = userEvent.setup()
    const form = await enrolForm()
    await fill(user, form)
    await user.click(within(form).getByRole('button', { name: /enrol and pay/i }))

    const join = await within(form).findByRole('button', { name: 'Join the waitlist' })
    expect(within(form).getByText(FULL)).toBeInTheDocument()
    const waitlist = join.closest('form') as HTMLFormElement
    expect(within(waitlist).getByLabelText(/^name/i)).toHaveValue('Ravi Kumar')
    expect(within(waitlist).getByLabelText(/^phone number/i)).toHaveValue('87654 32109')
    expect(within(waitlist).getByLabelText(/^email/i)).toHaveValue('ravi@example.com')
    await user.click(join)

    expect(await within(form).findByText(JOINED)).toBeInTheDocument()
    expect(await sentBodies(api, 'POST /api/courses/web-development/waitlist')).toEqual([
      { name: 'Ravi Kumar', phone: '87654 32109', email: 'ravi@example.com', batch: 7 },
    ])
  })

  it('takes no enrolment when the course has batches and none is open: the waitlist instead', async () => {
    mockApi(page({ batches: [full, closed] }))
    renderRoute(COURSE_PATH)

    const section = await screen.findByRole('region', { name: 'Join the waitlist for Web Development (MERN stack)' })
    expect(within(section).getByText('No batch is taking enrolments now')).toBeInTheDocument()
    expect(within(section).queryByRole('button', { name: /enrol and pay/i })).not.toBeInTheDocument()
    expect(within(section).getByRole('button', { name: 'Join the waitlist' })).toBeInTheDocument()
  })

  it('enrols as before in a course without batches', async () => {
    mockApi(page({ batches: [], has_batches: false }))
    renderRoute(COURSE_PATH)
    const form = await enrolForm()

    expect(within(form).getByRole('button', { name: /enrol and pay/i })).toBeInTheDocument()
    expect(within(form).queryByRole('combobox', { name: /^batch/i })).not.toBeInTheDocument()
    expect(within(form).queryByRole('button', { name: 'Join the waitlist' })).not.toBeInTheDocument()
  })

  it('answers the waitlist form’s field errors with the API’s status (no JavaScript)', async () => {
    mockApi({
      'POST /api/courses/{slug}/waitlist': () =>
        json({ message: 'Please correct the errors below.', extra: { fields: { phone: 'Enter a valid Indian mobile number.' } } }, 422),
    })
    const { status, answer } = await post({ intent: 'waitlist', course: 'web-development', name: 'Ravi', phone: '12', email: 'r@example.com', batch: '7' })

    expect(status).toBe(422)
    expect(answer).toMatchObject({ ok: false, intent: 'waitlist', fields: { phone: 'Enter a valid Indian mobile number.' } })
  })
})
