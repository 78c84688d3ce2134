import { Award, CalendarDays, Clock, ListChecks } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link, href } from 'react-router'

import { buttonClasses } from '@/components/ui/button-styles'
import type { TaskBoard } from '@/features/internships/api/get-task-board'
import { TaskCard } from '@/features/internships/components/task-card'
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

/** Where the cycle stands, all in India time as the server counts it. */
function BoardFacts({ board }: { board: TaskBoard }) {
  const open = board.tasks.filter((task) => task.unlocked).length
  const next = board.tasks
    .filter((task) => !task.unlocked && task.unlocks_on)
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

/** /tasks-20's "Generate Certificate": shown, visibly disabled, with the reason. */
function CertificateBlock({ note }: { note: string }) {
  return (
    <section aria-labelledby="certificate-heading" className="flex flex-col gap-4 rounded-card border border-line bg-white p-5 shadow-card sm:flex-row sm:items-center sm:gap-6 sm:p-6">
      <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-accent-100 text-accent-800">
        <Award className="size-6" aria-hidden="true" width={24} height={24} />
      </span>
      <div className="flex flex-1 flex-col gap-1">
        <h2 id="certificate-heading" className="text-lg font-bold text-ink">
          Internship certificate
        </h2>
        <p id="certificate-note" className="text-ink-muted">
          {note || 'Certificates are not generated here yet.'}{' '}
          <Link to={href('/verify')} className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900">
            Go to the Verify page
          </Link>
        </p>
      </div>
      {/* Not a link and not clickable: aria-disabled keeps it in the tab order so its reason can be read. */}
      <button
        type="button"
        aria-disabled="true"
        aria-describedby="certificate-note"
        onClick={(event) => event.preventDefault()}
        className={buttonClasses('primary', 'lg', 'w-full shrink-0 sm:w-auto')}
      >
        <Award className="size-5" aria-hidden="true" width={20} height={20} />
        Generate Certificate
      </button>
    </section>
  )
}

export function TaskBoardView({ board }: { board: TaskBoard }) {
  return (
    <div className="flex flex-col gap-8">
      <BoardFacts board={board} />
      <ul aria-label="Tasks" className="grid gap-5 md:grid-cols-2">
        {board.tasks.map((task) => (
          <TaskCard key={task.number} task={task} />
        ))}
      </ul>
      {board.shows_certificate_link && <CertificateBlock note={board.certificate_note} />}
    </div>
  )
}

export function TaskBoardSkeleton() {
  return (
    <div className="flex flex-col gap-8" aria-hidden="true">
      <div className="h-24 animate-pulse rounded-card bg-slate-100 motion-reduce:animate-none" />
      <div className="grid gap-5 md:grid-cols-2">
        {[1, 2, 3, 4].map((number) => (
          <div key={number} className="flex flex-col gap-4 rounded-card border border-line bg-white p-6">
            <div className="h-4 w-16 animate-pulse rounded bg-slate-200 motion-reduce:animate-none" />
            <div className="h-6 w-3/4 animate-pulse rounded bg-slate-200 motion-reduce:animate-none" />
            <div className="h-4 w-full animate-pulse rounded bg-slate-100 motion-reduce:animate-none" />
            <div className="h-4 w-5/6 animate-pulse rounded bg-slate-100 motion-reduce:animate-none" />
            <div className="mt-4 h-11 w-40 animate-pulse rounded-control bg-slate-200 motion-reduce:animate-none" />
          </div>
        ))}
      </div>
    </div>
  )
}
