import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'

import type { components } from '@/api/schema'
import { refreshDelay } from '@/features/internships/use-board-refresh'
import { answerPage, json, mockApi, type RecordedApi } from '@/test/api'
import { pageData } from '@/test/page-data'
import { renderRoute } from '@/test/render'

type TaskBoard = components['schemas']['TaskBoardOut']
type BoardTask = components['schemas']['BoardTaskOut']

function task(number: number, unlocksOn: string | null): BoardTask {
  const unlocked = unlocksOn === null
  return {
    number,
    title: `Task title ${number}`,
    description: `What to build in task ${number}.`,
    unlocked,
    unlocks_on: unlocksOn,
    task_url: unlocked ? `https://files.example/task-${number}` : null,
  }
}

function board(overrides: Partial<TaskBoard> = {}): TaskBoard {
  return {
    slug: 'tasks-20',
    title: 'Web Development Internship — Tasks (20th batch)',
    cycle_start_day: 20,
    today: '2025-12-17',
    cycle_start: '2025-11-20',
    next_change_at: '2025-12-18T00:00:00+05:30',
    shows_certificate_link: true,
    certificate_note: 'Your Internship Completion Certificate is issued as soon as all four of your tasks are approved, and emailed to you; this button then opens it.',
    tasks: [task(1, null), task(2, null), task(3, null), task(4, '2025-12-18')],
    placement: null,
    certificate: { enabled: false, verify_path: null, reason: 'Complete all four tasks first' },
    ...overrides,
  }
}

function boardCalls(api: RecordedApi, slug: string): number {
  return api.requests.filter((request) => new URL(request.url).pathname === `/api/pages/tasks/${slug}`).length
}

// The first render loads the page's lazy module: give a busy machine time.
describe('task board routes', { timeout: 20_000 }, () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('shows unlocked tasks with their Get Task link in a new tab, and no external submission form', async () => {
    mockApi({ ...answerPage('tasks', () => ({ board: board() })) })
    renderRoute('/tasks-20')
    expect(await screen.findByRole('heading', { level: 1, name: /20th batch/ })).toBeInTheDocument()

    const first = screen.getByTestId('task-1')
    const get = within(first).getByRole('link', { name: /^get task/i })
    expect(get).toHaveAttribute('href', 'https://files.example/task-1')
    expect(get).toHaveAttribute('target', '_blank')
    expect(get).toHaveAttribute('rel', 'noopener')
    expect(within(first).queryByRole('link', { name: /^submit task/i })).toBeNull()
  })

  it('shows a locked task with its lock and India-time unlock day, and no links at all', async () => {
    mockApi({ ...answerPage('tasks', () => ({ board: board() })) })
    renderRoute('/tasks-20')
    const locked = await screen.findByTestId('task-4')
    expect(locked).toHaveAttribute('data-state', 'locked')
    expect(within(locked).getByText('Unlocks on 18 Dec')).toBeInTheDocument()
    expect(within(locked).getByText('Locked')).toBeInTheDocument()
    expect(within(locked).queryAllByRole('link')).toHaveLength(0)
    expect(locked.querySelector('a')).toBeNull()
    expect(screen.getAllByRole('listitem').filter((item) => item.dataset.state === 'unlocked')).toHaveLength(3)
  })

  it('shows every board’s Generate Certificate visibly disabled with “Complete all four tasks first”, not as a link', async () => {
    const api = mockApi({
      ...answerPage('tasks', () => ({ board: board({ slug: 'tasks-10', title: 'Tasks (10th batch)' }) })),
    })
    renderRoute('/tasks-10')
    expect(await screen.findByRole('heading', { level: 1, name: 'Tasks (10th batch)' })).toBeInTheDocument()
    expect(boardCalls(api, 'tasks-10')).toBe(1)
    const button = screen.getByRole('button', { name: 'Generate Certificate' })
    expect(button).toHaveAttribute('aria-disabled', 'true')
    expect(button).toHaveAccessibleDescription('Complete all four tasks first')
    expect(screen.queryByRole('link', { name: /generate certificate/i })).not.toBeInTheDocument()
    expect(screen.getAllByTestId(/^task-\d$/)).toHaveLength(4)
    expect(screen.getByText(/issued as soon as all four of your tasks are approved/)).toBeInTheDocument()
  })

  it('leaves the certificate out on a board where staff hid it', async () => {
    mockApi({ ...answerPage('tasks', () => ({ board: board({ slug: 'tasks-1', shows_certificate_link: false }) })) })
    renderRoute('/tasks-1')
    await screen.findAllByTestId(/^task-\d$/)
    expect(screen.queryByRole('button', { name: 'Generate Certificate' })).not.toBeInTheDocument()
  })

  it('refetches when the server says the board changes, and shows the task that opened', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    // A minute before midnight in India (a wide margin: the fake clock also follows real time).
    vi.setSystemTime(new Date('2025-12-17T18:29:00Z'))
    let answers = 0
    const api = mockApi({
      ...answerPage('tasks', () => {
        answers += 1
        return {
          board:
            answers === 1 ? board() : board({ today: '2025-12-18', next_change_at: '2025-12-20T00:00:00+05:30', tasks: [1, 2, 3, 4].map((n) => task(n, null)) }),
        }
      }),
    })
    renderRoute('/tasks-20')
    const fourth = await screen.findByTestId('task-4')
    expect(within(fourth).queryByRole('link')).toBeNull()
    expect(boardCalls(api, 'tasks-20')).toBe(1)

    await act(async () => {
      await vi.advanceTimersByTimeAsync(45_000)
    })
    expect(boardCalls(api, 'tasks-20')).toBe(1)

    await act(async () => {
      await vi.advanceTimersByTimeAsync(16_000)
    })
    await waitFor(() => expect(within(screen.getByTestId('task-4')).getByRole('link', { name: /^get task/i })).toBeInTheDocument())
    expect(boardCalls(api, 'tasks-20')).toBe(2)
    expect(screen.getByTestId('task-4')).toHaveAttribute('data-state', 'unlocked')
  })

  it('wakes up at the change by the server’s clock (its Date header), not the browser’s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    // The browser's clock says a minute before midnight in India; the server's is 30 s ahead.
    vi.setSystemTime(new Date('2025-12-17T18:29:00Z'))
    let answers = 0
    mockApi({
      'GET /api/pages/tasks/tasks-20': () => {
        answers += 1
        const body = pageData.tasks({ board: board() })
        const date = new Date(Date.now() + 30_000).toUTCString()
        return new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json', Date: date } })
      },
    })
    renderRoute('/tasks-20')
    await screen.findByTestId('task-4')
    expect(answers).toBe(1)
    await act(async () => {
      await vi.advanceTimersByTimeAsync(35_000)
    })
    await waitFor(() => expect(answers).toBe(2))
  })

  it('refetches when the window gets focus again', async () => {
    const api = mockApi({ ...answerPage('tasks', () => ({ board: board({ slug: 'tasks' }) })) })
    renderRoute('/tasks')
    await screen.findByTestId('task-1')
    expect(boardCalls(api, 'tasks')).toBe(1)
    fireEvent.focus(window)
    await waitFor(() => expect(boardCalls(api, 'tasks')).toBe(2))
  })

  it('says so when the board does not exist', async () => {
    // No board has this slug: the page's answer carries the refusal (the default without a board).
    mockApi()
    renderRoute('/tasks-1')
    const alert = await screen.findByRole('alert')
    expect(within(alert).getByText('The tasks could not be loaded')).toBeInTheDocument()
    expect(within(alert).getByText('This task board does not exist.')).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 1, name: 'Web Development internship tasks' })).toBeInTheDocument()
  })

  it('is the page’s error, with Try again, when the board cannot be loaded', async () => {
    mockApi({ 'GET /api/pages/tasks/tasks-1': () => json({ message: 'Server error.', extra: {} }, 500) })
    renderRoute('/tasks-1')
    expect(await screen.findByRole('heading', { level: 1, name: 'This page could not be loaded' }, { timeout: 10000 })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: /try again/i })).toBeInTheDocument()
  })
})

describe('refreshDelay', () => {
  const now = Date.parse('2025-12-17T18:29:55Z')
  it('is the time until the next change by the server’s clock', () => {
    expect(refreshDelay('2025-12-18T00:00:00+05:30', 0, now)).toBe(5000)
    // The server's clock is 2 s ahead of the browser's: wake up 2 s sooner.
    expect(refreshDelay('2025-12-18T00:00:00+05:30', 2000, now)).toBe(3000)
  })

  it('is at least one second and at most one day', () => {
    expect(refreshDelay('2025-12-17T00:00:00+05:30', 0, now)).toBe(1000)
    expect(refreshDelay('2026-01-20T00:00:00+05:30', 0, now)).toBe(24 * 60 * 60 * 1000)
    expect(refreshDelay('not a date', 0, now)).toBe(24 * 60 * 60 * 1000)
  })
})
