import { CircleCheck, CircleX, Hourglass, Undo2 } from 'lucide-react'
import type { ReactNode } from 'react'

import type { Application } from '@/features/internships/types'
import { cn } from '@/lib/cn'
import { formatDateIst } from '@/lib/format'

export type ApplicationStatus = 'submitted' | 'accepted' | 'rejected' | 'withdrawn'

const styles: Record<ApplicationStatus, { className: string; Icon: typeof Hourglass }> = {
  submitted: { className: 'bg-brand-50 text-brand-900 ring-brand-200', Icon: Hourglass },
  accepted: { className: 'bg-success-bg text-success ring-green-300', Icon: CircleCheck },
  rejected: { className: 'bg-danger-bg text-danger ring-red-300', Icon: CircleX },
  withdrawn: { className: 'bg-slate-100 text-slate-700 ring-slate-300', Icon: Undo2 },
}

/** The application's status in the server's words ("Submitted, waiting for review", "Accepted"…). */
export function ApplicationStatusBadge({ application, className }: { application: Pick<Application, 'status' | 'status_label'>; className?: string }) {
  const { className: tone, Icon } = styles[application.status as ApplicationStatus] ?? styles.submitted
  return (
    <span className={cn('inline-flex w-fit items-center gap-1.5 rounded-full px-2.5 py-1 text-sm font-semibold ring-1 ring-inset', tone, className)}>
      <Icon className="size-4 shrink-0" aria-hidden="true" width={16} height={16} />
      {application.status_label}
    </span>
  )
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col">
      <dt className="text-xs font-semibold tracking-wide text-ink-muted uppercase">{label}</dt>
      <dd className="font-medium break-words text-ink">{children}</dd>
    </div>
  )
}

/** An application's facts: reference, batch, when it was sent; the reason when rejected. */
export function ApplicationFacts({ application }: { application: Application }) {
  return (
    <>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-3 sm:grid-cols-3">
        <Detail label="Reference">
          <span className="font-mono text-sm break-all">{application.reference}</span>
        </Detail>
        <Detail label="Batch">{application.batch_label}</Detail>
        <Detail label="Applied">
          <time dateTime={application.created_at}>{formatDateIst(application.created_at)}</time>
        </Detail>
      </dl>
      {application.status === 'rejected' && (
        <p className="rounded-control bg-danger-bg px-4 py-3 text-sm text-danger">
          <span className="font-semibold">Reason: </span>
          {application.rejection_reason || 'Your application was not accepted this time.'}
        </p>
      )}
    </>
  )
}
