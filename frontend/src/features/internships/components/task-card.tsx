import { CircleCheck, ExternalLink, FileDown, Hourglass, Lock, LockOpen, LogIn, MessageSquareWarning, Paperclip, PencilLine } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link, href } from 'react-router'

import { buttonClasses } from '@/components/ui/button-styles'
import type { BoardTask, PlacementTask, TaskState } from '@/features/internships/types'
import { TaskSubmissionForm, type SubmissionResult } from '@/features/internships/components/task-submission-form'
import { taskAnchor } from '@/features/internships/submission-intent'
import { cn } from '@/lib/cn'
import { formatDateTimeIst, formatDayMonthIst } from '@/lib/format'

const linkClasses = 'font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900'

/** Who is looking at the board, as far as submitting goes. */
export type BoardViewer =
  | { kind: 'intern' }
  /** Not logged in: "Log in to submit", back to this board after. */
  | { kind: 'visitor'; loginPath: string }
  /** Logged in, but not placed on this board. */
  | { kind: 'member' }

function GetTaskLink({ url, context }: { url: string; context: string }) {
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener"
      aria-label={`Get Task: ${context} (opens in a new tab)`}
      className={buttonClasses('primary', 'md', 'w-full sm:w-auto')}
    >
      <FileDown className="size-4" aria-hidden="true" width={16} height={16} />
      Get Task
      <ExternalLink className="size-3.5 opacity-70" aria-hidden="true" width={14} height={14} />
    </a>
  )
}

const stateStyles: Record<TaskState, { className: string; Icon: typeof Hourglass }> = {
  not_submitted: { className: 'bg-slate-100 text-slate-700 ring-slate-300', Icon: PencilLine },
  submitted: { className: 'bg-brand-50 text-brand-900 ring-brand-200', Icon: Hourglass },
  changes_requested: { className: 'bg-amber-50 text-amber-900 ring-amber-300', Icon: MessageSquareWarning },
  approved: { className: 'bg-success-bg text-success ring-green-300', Icon: CircleCheck },
}

/** The task's review state in the server's words ("Submitted, waiting for review"…). */
function StateLabel({ entry }: { entry: PlacementTask }) {
  const { className, Icon } = stateStyles[entry.state] ?? stateStyles.not_submitted
  return (
    <p className={cn('inline-flex w-fit items-center gap-1.5 rounded-full px-2.5 py-1 text-sm font-semibold ring-1 ring-inset', className)}>
      <Icon className="size-4 shrink-0" aria-hidden="true" width={16} height={16} />
      {entry.state_label}
    </p>
  )
}

/** What the intern sent last, and the reviewer's feedback on it. */
function LastSubmission({ entry }: { entry: PlacementTask }) {
  if (entry.state === 'not_submitted' && !entry.feedback) return null
  const rows: Array<[string, ReactNode]> = []
  if (entry.link) {
    rows.push([
      'Link',
      <a key="link" href={entry.link} target="_blank" rel="noopener noreferrer" className={`break-all ${linkClasses}`}>
        {entry.link}
        <span className="sr-only"> (opens in a new tab)</span>
      </a>,
    ])
  }
  if (entry.note) rows.push(['Note', <span key="note" className="whitespace-pre-line">{entry.note}</span>])
  if (entry.file_name && entry.file_url) {
    rows.push([
      'File',
      <a key="file" href={entry.file_url} download className={`inline-flex items-center gap-1.5 break-all ${linkClasses}`}>
        <Paperclip className="size-4 shrink-0" aria-hidden="true" width={16} height={16} />
        {entry.file_name}
      </a>,
    ])
  }
  if (entry.submitted_at) rows.push(['Sent on', <time key="sent" dateTime={entry.submitted_at}>{formatDateTimeIst(entry.submitted_at)}</time>])
  return (
    <div className="flex flex-col gap-3">
      {entry.feedback && (
        <div
          className={cn(
            'rounded-control px-4 py-3 text-sm',
            entry.state === 'changes_requested' ? 'bg-amber-50 text-amber-950 ring-1 ring-amber-300 ring-inset' : 'bg-surface-muted text-ink',
          )}
        >
          <p className="font-semibold">Reviewer’s feedback</p>
          <p className="whitespace-pre-line">{entry.feedback}</p>
        </div>
      )}
      {rows.length > 0 && (
        <dl className="flex flex-col gap-2 text-sm">
          {rows.map(([label, value]) => (
            <div key={label} className="flex flex-col gap-0.5 sm:flex-row sm:gap-3">
              <dt className="font-semibold text-ink-muted sm:w-16 sm:shrink-0">{label}</dt>
              <dd className="min-w-0 text-ink">{value}</dd>
            </div>
          ))}
        </dl>
      )}
    </div>
  )
}

/** Where the submission form would be, for anyone who is not an intern on this board. */
function NotAnIntern({ viewer, context }: { viewer: Exclude<BoardViewer, { kind: 'intern' }>; context: string }) {
  if (viewer.kind === 'visitor') {
    return (
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-ink-muted">
        <Link to={viewer.loginPath} className={`inline-flex items-center gap-1.5 ${linkClasses}`}>
          <LogIn className="size-4" aria-hidden="true" width={16} height={16} />
          Log in to submit
          <span className="sr-only">: {context}</span>
        </Link>
        <span>Interns on this board send their work here.</span>
      </p>
    )
  }
  return (
    <p className="text-sm text-ink-muted">
      Interns placed on this board send their work here.{' '}
      <Link to={href('/internship')} className={linkClasses}>
        Apply for an internship
      </Link>
    </p>
  )
}

type TaskCardProps = {
  task: BoardTask
  viewer: BoardViewer
  /** The intern's own state of this task (only for an intern on the board). */
  entry?: PlacementTask
  /** The board action's latest answer for this task's form. */
  result?: SubmissionResult
  pending?: boolean
}

/**
 * One task. Unlocked: Get Task (the task file, new tab) and, for an intern on this board,
 * the task's state, the reviewer's feedback and the submission form (until approved);
 * for everyone else "Log in to submit" where the form would be. Locked: a lock and the
 * India-time date it opens on; the server does not send its links at all. A task staff
 * unlocked early for this intern is open for them.
 */
export function TaskCard({ task, viewer, entry, result, pending }: TaskCardProps) {
  const context = `Task ${task.number}, ${task.title}`
  const headingId = `task-${task.number}-heading`
  const unlocked = entry?.unlocked ?? task.unlocked
  return (
    <li
      data-testid={`task-${task.number}`}
      data-state={unlocked ? 'unlocked' : 'locked'}
      className={cn(
        'flex flex-col gap-4 rounded-card border p-5 sm:p-6',
        unlocked ? 'border-line bg-white shadow-card' : 'border-dashed border-slate-300 bg-surface-muted',
      )}
    >
      <div className="flex items-center justify-between gap-3">
        <span className="text-sm font-semibold tracking-wide text-accent-700 uppercase">Task {task.number}</span>
        {unlocked ? (
          <span className="inline-flex items-center gap-1.5 rounded-full bg-success-bg px-2.5 py-1 text-xs font-semibold text-success">
            <LockOpen className="size-3.5" aria-hidden="true" width={14} height={14} />
            Open
          </span>
        ) : (
          <span className="inline-flex items-center gap-1.5 rounded-full bg-slate-200 px-2.5 py-1 text-xs font-semibold text-slate-700">
            <Lock className="size-3.5" aria-hidden="true" width={14} height={14} />
            Locked
          </span>
        )}
      </div>
      <h2 id={headingId} className={cn('text-xl font-bold', unlocked ? 'text-ink' : 'text-slate-700')}>
        {task.title}
      </h2>
      {task.description && <p className="flex-1 text-ink-muted">{task.description}</p>}
      {/* The anchor a no-JavaScript submission comes back to: the task's file, state and form
          (where the answer shows), with the header's height and a little of the card above. */}
      <div id={taskAnchor(task.number)} className="mt-auto flex scroll-mt-28 flex-col gap-4 border-t border-line pt-4">
        {unlocked ? (
          <>
            {task.task_url ? (
              <div>
                <GetTaskLink url={task.task_url} context={context} />
              </div>
            ) : (
              <p className="text-sm text-ink-muted">The task file is on its way. Check back soon.</p>
            )}
            {viewer.kind === 'intern' && entry ? (
              <div className="flex flex-col gap-4">
                <StateLabel entry={entry} />
                <LastSubmission entry={entry} />
                {entry.state !== 'approved' && (
                  <TaskSubmissionForm taskNumber={task.number} taskTitle={task.title} entry={entry} result={result} pending={pending} />
                )}
              </div>
            ) : viewer.kind !== 'intern' ? (
              <NotAnIntern viewer={viewer} context={context} />
            ) : null}
          </>
        ) : (
          <p className="flex items-center gap-2 font-semibold text-ink">
            <span className="flex size-9 items-center justify-center rounded-full bg-white text-slate-600 ring-1 ring-slate-300">
              <Lock className="size-4" aria-hidden="true" width={16} height={16} />
            </span>
            {task.unlocks_on ? `Unlocks on ${formatDayMonthIst(task.unlocks_on)}` : 'Locked'}
          </p>
        )}
      </div>
    </li>
  )
}
