import { Award, CalendarDays, Clock, Info, ListChecks } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'

import { buttonClasses } from '@/components/ui/button-styles'
import type { BoardCertificate, BoardTask, CatchUp, TaskBoard } from '@/features/internships/types'
import { TaskCard, type BoardViewer } from '@/features/internships/components/task-card'
import type { SubmissionResult } from '@/features/internships/components/task-submission-form'
import { submissionIntent } from '@/features/internships/submission-intent'
import { taskList } from '@/features/internships/task-list'
import { formatDateIst, formatDayMonthIst } from '@/lib/format'

function Fact({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  // dt and dd sit directly in the div (what a <dl> allows); the icon is part of the term.
  return (
    <div className="relative flex min-h-10 flex-col justify-center pl-13">
      <dt className="text-xs font-semibold tracking-wide text-ink-muted uppercase">
        <span className="absolute top-1/2 left-0 flex size-10 -translate-y-1/2 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
          {icon}
        </span>
        {label}
      </dt>
      <dd className="font-semibold text-ink">{children}</dd>
    </div>
  )
}

/** Where the cycle stands, all in India time as the server counts it (and this intern's early unlocks). */
function BoardFacts({ board, unlocked }: { board: TaskBoard; unlocked: (task: BoardTask) => boolean }) {
  const open = board.tasks.filter(unlocked).length
  const next = board.tasks
    .filter((task) => !unlocked(task) && task.unlocks_on)
    .map((task) => task.unlocks_on as string)
    .sort()[0]
  const iconProps = { className: 'size-5', 'aria-hidden': true, width: 20, height: 20 } as const
  return (
    <dl className="grid gap-4 rounded-card border border-line bg-white p-5 shadow-card sm:grid-cols-3 sm:p-6">
      <Fact icon={<CalendarDays {...iconProps} />} label="Today in India">
        {formatDateIst(board.today)}
      </Fact>
      <Fact icon={<ListChecks {...iconProps} />} label="Tasks open">
        {/* Announced when a task opens while the page is open. */}
        <span role="status">
          {open} of {board.tasks.length}
        </span>
      </Fact>
      <Fact icon={<Clock {...iconProps} />} label={next ? 'Next task unlocks' : 'Cycle started'}>
        {next ? formatDayMonthIst(next) : formatDateIst(board.cycle_start)}
      </Fact>
    </dl>
  )
}

/**
 * Why several tasks are open at once for an intern accepted mid-cycle: the board's
 * schedule is the same for every intern (docs/product.md §6), so someone who joins in
 * week 3 finds the first tasks already open and has until the cycle's last day to catch up.
 */
function CatchUpNote({ catchUp }: { catchUp: CatchUp }) {
  return (
    <section aria-labelledby="catch-up-heading" className="flex gap-4 rounded-card border border-brand-200 bg-brand-50 p-5 sm:p-6">
      <Info className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden="true" width={20} height={20} />
      <div className="flex flex-col gap-1">
        <h2 id="catch-up-heading" className="font-bold text-ink">
          Why {taskList(catchUp.task_numbers)} are open at once
        </h2>
        <p className="text-ink">
          You joined on {formatDayMonthIst(catchUp.joined_on)}, in week {catchUp.week} of this cycle. The tasks open on the same days for every
          intern, so {taskList(catchUp.task_numbers)} were already open for you: you can catch up on them by {formatDateIst(catchUp.catch_up_by)},
          the last day of this cycle.
        </p>
        <p className="text-ink-muted">
          A task you have sent by then stays open for you. One you have not sent locks again when the next cycle starts, and opens again on its day.
        </p>
      </div>
    </section>
  )
}

/**
 * "Generate Certificate" on every board: for the intern whose completion certificate was
 * issued on this board, a link to its verify page; for everybody else a control that is
 * visibly disabled, with the reason.
 */
function CertificateBlock({ certificate, note }: { certificate: BoardCertificate; note: string }) {
  const enabled = certificate.enabled && certificate.verify_path
  return (
    <section aria-labelledby="certificate-heading" className="flex flex-col gap-4 rounded-card border border-line bg-white p-5 shadow-card sm:flex-row sm:items-center sm:gap-6 sm:p-6">
      <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-accent-100 text-accent-800">
        <Award className="size-6" aria-hidden="true" width={24} height={24} />
      </span>
      <div className="flex flex-1 flex-col gap-1">
        <h2 id="certificate-heading" className="text-lg font-bold text-ink">
          Internship certificate
        </h2>
        {note && <p className="text-ink-muted">{note}</p>}
        <p id="certificate-reason" className="font-semibold text-ink">
          {enabled ? 'All four of your tasks are approved: your certificate has been issued.' : certificate.reason || 'Complete all four tasks first'}
        </p>
      </div>
      {enabled ? (
        <Link to={certificate.verify_path as string} aria-describedby="certificate-reason" className={buttonClasses('primary', 'lg', 'w-full shrink-0 sm:w-auto')}>
          <Award className="size-5" aria-hidden="true" width={20} height={20} />
          Generate Certificate
        </Link>
      ) : (
        // Not a link and not clickable: aria-disabled keeps it in the tab order so its reason can be read.
        <button
          type="button"
          aria-disabled="true"
          aria-describedby="certificate-reason"
          onClick={(event) => event.preventDefault()}
          className={buttonClasses('primary', 'lg', 'w-full shrink-0 sm:w-auto')}
        >
          <Award className="size-5" aria-hidden="true" width={20} height={20} />
          Generate Certificate
        </button>
      )}
    </section>
  )
}

type TaskBoardViewProps = {
  board: TaskBoard
  viewer: BoardViewer
  /** The board action's latest answer, and which task's form is being sent. */
  result?: SubmissionResult
  sendingTask?: number
}

export function TaskBoardView({ board, viewer, result, sendingTask }: TaskBoardViewProps) {
  const entries = new Map((board.placement?.tasks ?? []).map((entry) => [entry.number, entry]))
  const unlocked = (task: BoardTask) => entries.get(task.number)?.unlocked ?? task.unlocked
  return (
    <div className="flex flex-col gap-8">
      <BoardFacts board={board} unlocked={unlocked} />
      {board.placement?.catch_up && <CatchUpNote catchUp={board.placement.catch_up} />}
      <ul aria-label="Tasks" className="grid gap-5 md:grid-cols-2">
        {board.tasks.map((task) => (
          <TaskCard
            key={task.number}
            task={task}
            viewer={viewer}
            entry={entries.get(task.number)}
            result={result && result.intent === submissionIntent(task.number) ? result : undefined}
            pending={sendingTask === task.number}
          />
        ))}
      </ul>
      {/* Every board has it (staff may hide it on one); an intern with a certificate always sees theirs. */}
      {(board.shows_certificate_link || board.certificate.enabled) && (
        <CertificateBlock certificate={board.certificate} note={board.certificate_note} />
      )}
    </div>
  )
}
