import { CalendarDays, IndianRupee, MapPin, Trophy, type LucideIcon } from 'lucide-react'

import type { CatalogEvent } from '@/features/catalog/types'
import { formatEventDates } from '@/features/catalog/utils/dates'
import { cn } from '@/lib/cn'

type Fact = { label: string; icon: LucideIcon; value: string }

/** Date, place, fee and prizes of an event; facts the event leaves empty are left out. */
export function EventFacts({ event, className }: { event: CatalogEvent; className?: string }) {
  const facts: Fact[] = [
    { label: 'Date', icon: CalendarDays, value: formatEventDates(event.starts_on, event.ends_on) },
    { label: 'Where', icon: MapPin, value: event.location || (event.is_online ? 'Online' : '') },
    { label: 'Fee', icon: IndianRupee, value: event.fee_display },
    { label: 'Prize pool', icon: Trophy, value: event.prize_pool },
  ]
  return (
    <dl className={cn('flex flex-col gap-2.5 text-sm', className)}>
      {facts
        .filter((fact) => fact.value)
        .map(({ label, icon: Icon, value }) => (
          <div key={label} className="flex items-start gap-2.5">
            <Icon className="mt-0.5 size-4 shrink-0 text-brand-600" aria-hidden="true" width={16} height={16} />
            <dt className="w-20 shrink-0 font-medium text-ink-muted">{label}</dt>
            <dd className="min-w-0 flex-1 font-semibold text-ink">{value}</dd>
          </div>
        ))}
    </dl>
  )
}
