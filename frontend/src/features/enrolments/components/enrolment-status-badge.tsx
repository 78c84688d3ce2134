import { CircleCheck, CircleX, Clock, Hourglass, Undo2 } from 'lucide-react'

import type { Enrolment, EnrolmentStatus } from '@/features/enrolments/types'
import { cn } from '@/lib/cn'

const styles: Record<EnrolmentStatus, { className: string; Icon: typeof Clock }> = {
  pending: { className: 'bg-amber-50 text-amber-900 ring-amber-300', Icon: Clock },
  paid_claimed: { className: 'bg-brand-50 text-brand-900 ring-brand-200', Icon: Hourglass },
  confirmed: { className: 'bg-success-bg text-success ring-green-300', Icon: CircleCheck },
  rejected: { className: 'bg-danger-bg text-danger ring-red-300', Icon: CircleX },
}

const REFUNDED = { className: 'bg-surface-muted text-ink ring-line', Icon: Undo2 }

/** The payment status in the server's words ("Waiting for payment", "Payment submitted"…). */
export function EnrolmentStatusBadge({
  enrolment,
  className,
}: {
  enrolment: Pick<Enrolment, 'status' | 'status_display'> & { refunded?: boolean }
  className?: string
}) {
  // A refund is money given back, not a refusal: not in the refusal's red.
  const { className: tone, Icon } = enrolment.refunded ? REFUNDED : (styles[enrolment.status as EnrolmentStatus] ?? styles.pending)
  return (
    <span className={cn('inline-flex w-fit items-center gap-1.5 rounded-full px-2.5 py-1 text-sm font-semibold ring-1 ring-inset', tone, className)}>
      <Icon className="size-4 shrink-0" aria-hidden="true" width={16} height={16} />
      {enrolment.status_display}
    </span>
  )
}
