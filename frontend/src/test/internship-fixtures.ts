import type { components } from '@/api/schema'

type Schemas = components['schemas']

export const batches: Schemas['DomainForApplicationOut']['batches'] = [
  { day: 1, label: '1st of the month' },
  { day: 10, label: '10th of the month' },
  { day: 20, label: '20th of the month' },
]

export function domainDetail(overrides: Partial<Schemas['DomainForApplicationOut']> = {}): Schemas['DomainForApplicationOut'] {
  return {
    slug: 'web-development',
    title: 'Web Development',
    summary: 'Build responsive websites on real tasks.',
    duration: '30 Days',
    is_open: true,
    closed_reason: '',
    batches,
    my_application: null,
    ...overrides,
  }
}

export function application(overrides: Partial<Schemas['ApplicationOut']> = {}): Schemas['ApplicationOut'] {
  return {
    id: 7,
    reference: 'APP-0007',
    domain_slug: 'web-development',
    domain_title: 'Web Development',
    batch: 10,
    batch_label: '10th of the month',
    status: 'submitted',
    status_label: 'Submitted, waiting for review',
    rejection_reason: '',
    board_slug: null,
    created_at: '2026-03-02T05:30:00Z',
    ...overrides,
  }
}

export const STATEMENT =
  'I have built three small React sites and want to learn how a real team reviews and ships web work.'

type TaskBoard = Schemas['TaskBoardOut']
type BoardTask = Schemas['BoardTaskOut']
export type PlacementTask = NonNullable<TaskBoard['placement']>['tasks'][number]

export function boardTask(number: number, unlocksOn: string | null): BoardTask {
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

const STATE_LABELS: Record<PlacementTask['state'], string> = {
  not_submitted: 'Not submitted',
  submitted: 'Submitted, waiting for review',
  changes_requested: 'Changes requested',
  approved: 'Approved',
}

export function placementTask(number: number, overrides: Partial<PlacementTask> = {}): PlacementTask {
  const state = overrides.state ?? 'not_submitted'
  return {
    number,
    unlocked: true,
    state,
    state_label: STATE_LABELS[state],
    feedback: '',
    link: '',
    note: '',
    file_name: null,
    file_url: null,
    submitted_at: null,
    ...overrides,
  }
}

/** /tasks-10 on 17 Dec: tasks 1 to 3 open, task 4 opens on 3 Jan. */
export function taskBoard(overrides: Partial<TaskBoard> = {}): TaskBoard {
  return {
    slug: 'tasks-10',
    title: 'Web Development Internship — Tasks (10th batch)',
    cycle_start_day: 10,
    today: '2025-12-17',
    cycle_start: '2025-12-10',
    next_change_at: '2025-12-18T00:00:00+05:30',
    shows_certificate_link: true,
    certificate_note: 'Your Internship Completion Certificate is issued as soon as all four of your tasks are approved, and emailed to you; this button then opens it.',
    tasks: [boardTask(1, null), boardTask(2, null), boardTask(3, null), boardTask(4, '2026-01-03')],
    placement: null,
    certificate: { enabled: false, verify_path: null, reason: 'Complete all four tasks first' },
    ...overrides,
  }
}
