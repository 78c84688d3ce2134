import { ArrowRight, FileDown } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link, href } from 'react-router'

import { LinkButton } from '@/components/ui/link-button'
import type { Enrolment } from '@/features/enrolments/types'
import { EnrolmentStatusBadge } from '@/features/enrolments/components/enrolment-status-badge'
import { formatDateIst } from '@/lib/format'

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col">
      <dt className="text-xs font-semibold tracking-wide text-ink-muted uppercase">{label}</dt>
      <dd className="font-medium break-words text-ink">{children}</dd>
    </div>
  )
}

/** Where to go next: the course page shows an open enrolment's payment panel and UTR form. */
function nextStep(enrolment: Enrolment): string | undefined {
  if (enrolment.can_submit_utr) return 'Pay or submit UTR'
  return enrolment.is_open ? 'View payment' : undefined
}

function EnrolmentCard({ enrolment }: { enrolment: Enrolment }) {
  const action = nextStep(enrolment)
  return (
    <li className="flex flex-col gap-4 rounded-card border border-line bg-white p-5 shadow-card sm:p-6">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between sm:gap-4">
        <h3 className="min-w-0 text-lg font-bold break-words text-ink">
          {enrolment.course.name}
        </h3>
        <EnrolmentStatusBadge enrolment={enrolment} className="shrink-0" />
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-3 sm:grid-cols-4">
        <Detail label="Reference">
          <span className="font-mono text-sm break-all">{enrolment.reference}</span>
        </Detail>
        <Detail label="Amount">{enrolment.amount_display}</Detail>
        <Detail label="Enrolled">
          <time dateTime={enrolment.created_at}>{formatDateIst(enrolment.created_at)}</time>
        </Detail>
        {enrolment.status === 'confirmed' && enrolment.confirmed_at && (
          <Detail label="Confirmed">
            <time dateTime={enrolment.confirmed_at}>{formatDateIst(enrolment.confirmed_at)}</time>
          </Detail>
        )}
        {enrolment.status === 'paid_claimed' && enrolment.utr && (
          <Detail label="UTR">
            <span className="font-mono text-sm break-all">{enrolment.utr}</span>
          </Detail>
        )}
      </dl>
      {enrolment.refunded && (
        <p className="rounded-control bg-surface-muted px-4 py-3 text-sm text-ink">
          Refund of {enrolment.amount_display} processed. We have emailed the credit note to {enrolment.email}.
        </p>
      )}
      {enrolment.status === 'rejected' && !enrolment.refunded && (
        <p className="rounded-control bg-danger-bg px-4 py-3 text-sm text-danger">
          <span className="font-semibold">Reason: </span>
          {enrolment.rejected_reason || 'We could not confirm the payment. Contact us if you have paid.'}
        </p>
      )}
      {enrolment.invoice && (
        <p>
          {/* A plain link: the API answers with the PDF as a download, for this account only. */}
          <a
            href={enrolment.invoice.download_url}
            download
            className="inline-flex items-center gap-1.5 font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900"
          >
            <FileDown className="size-4" aria-hidden="true" width={16} height={16} />
            <span>
              Invoice <span className="sr-only">for {enrolment.course.name},</span>{' '}
              <span className="font-mono text-sm">{enrolment.invoice.number}</span> (PDF)
            </span>
          </a>
        </p>
      )}
      {action && (
        <div>
          <LinkButton to={enrolment.course.route} variant={enrolment.can_submit_utr ? 'primary' : 'secondary'} className="w-full sm:w-auto">
            {/* One flex item, the space inside it: the name reads "View payment for Java". */}
            <span>
              {`${action} `}
              <span className="sr-only">for {enrolment.course.name}</span>
            </span>
            <ArrowRight className="size-4" aria-hidden="true" width={16} height={16} />
          </LinkButton>
        </div>
      )}
    </li>
  )
}

function EnrolmentList({ enrolments }: { enrolments: Enrolment[] }) {
  if (enrolments.length === 0)
    return (
      <p className="text-ink-muted">
        You have not enrolled in a course yet.{' '}
        <Link to={href('/courses')} className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900">
          Browse the courses
        </Link>
      </p>
    )
  return (
    <ul className="flex flex-col gap-4">
      {enrolments.map((enrolment) => (
        <EnrolmentCard key={enrolment.reference} enrolment={enrolment} />
      ))}
    </ul>
  )
}

type MyEnrolmentsProps = {
  headingId: string
  /** The account's enrolments, from the page's loader (the dashboard's). */
  enrolments: Enrolment[]
}

/** The logged-in account's enrolments with their payment status, newest first. */
export function MyEnrolments({ headingId, enrolments }: MyEnrolmentsProps) {
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-6">
      <div className="flex max-w-2xl flex-col gap-2">
        <h2 id={headingId} className="text-title font-bold text-ink">
          My enrolments
        </h2>
        <p className="text-lg text-ink-muted">Your courses and where each payment stands.</p>
      </div>
      <EnrolmentList enrolments={enrolments} />
    </section>
  )
}
