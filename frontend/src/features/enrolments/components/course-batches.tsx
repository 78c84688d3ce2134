import { CalendarDays } from 'lucide-react'
import { useId } from 'react'

import type { Batch } from '@/features/enrolments/types'
import { cn } from '@/lib/cn'

/**
 * The course's batches that have not ended (the page's data): when each starts (India
 * date), its days and time, and its seats: "<N> seats left", "Full", or "Enrolment closed".
 */
export function CourseBatches({ batches }: { batches: readonly Batch[] }) {
  const id = useId()
  if (batches.length === 0) return null
  return (
    <div className="flex flex-col gap-3">
      <h3 id={id} className="font-semibold text-ink">{batches.length === 1 ? 'Batch' : 'Batches'}</h3>
      <ul aria-labelledby={id} className="flex flex-col gap-3">
        {batches.map((batch) => (
          <li key={batch.id} className="flex items-start gap-3 rounded-card border border-line bg-white p-4 shadow-card">
            <CalendarDays className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden="true" width={20} height={20} />
            <div className="flex min-w-0 flex-1 flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
              <div className="flex flex-col">
                <p className="font-semibold text-ink">{batch.starts_text}</p>
                <p className="text-sm text-ink-muted">{[batch.days, batch.time].filter(Boolean).join(', ')}</p>
              </div>
              <p
                className={cn(
                  'text-sm font-semibold',
                  batch.is_open ? 'text-success' : 'text-ink-muted',
                )}
              >
                {batch.status_text}
              </p>
            </div>
          </li>
        ))}
      </ul>
    </div>
  )
}
