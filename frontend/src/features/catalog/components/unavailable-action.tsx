import { Ban } from 'lucide-react'
import { useId } from 'react'

import { cn } from '@/lib/cn'

type UnavailableActionProps = {
  /** The button's usual label: "Apply Now", "Register Now". */
  label: string
  /** Why it cannot be used, shown next to it: "This event has ended." */
  reason: string
  className?: string
}

/**
 * An action that exists but cannot be used yet (or any more). It stays a focusable
 * button with aria-disabled, so keyboard and screen-reader users find it and hear the
 * reason (aria-describedby); the reason is also visible text, not just a greyed button.
 * It does nothing when pressed.
 */
export function UnavailableAction({ label, reason, className }: UnavailableActionProps) {
  const reasonId = useId()
  return (
    <div className={cn('flex flex-wrap items-center gap-x-3 gap-y-2', className)}>
      <button
        type="button"
        aria-disabled="true"
        aria-describedby={reasonId}
        className="inline-flex min-h-11 cursor-not-allowed items-center justify-center gap-2 rounded-control border border-dashed border-slate-400 bg-slate-100 px-4 text-sm font-semibold text-slate-600"
      >
        <Ban className="size-4" aria-hidden="true" width={16} height={16} />
        {label}
      </button>
      <p id={reasonId} className="text-sm font-medium text-ink-muted">
        {reason}
      </p>
    </div>
  )
}
