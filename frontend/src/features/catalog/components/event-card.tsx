import { ArrowRight } from 'lucide-react'
import { Link } from 'react-router'

import type { CatalogEvent } from '@/features/catalog/types'
import { EventFacts } from '@/features/catalog/components/event-facts'
import { EventStatus } from '@/features/catalog/components/event-status'
import { RegisterAction } from '@/features/catalog/components/register-action'

export function EventCard({ event }: { event: CatalogEvent }) {
  const detailsLabel = event.tournaments.length > 0 ? 'See the tournaments' : 'Event details'
  return (
    <article className="flex h-full flex-col gap-4 rounded-card border border-line bg-white p-6 shadow-card">
      <div className="flex flex-wrap items-center gap-2">
        <span className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-800">{event.kind_label}</span>
        <EventStatus status={event.status} />
      </div>
      <div className="flex flex-col gap-2">
        <h3 className="text-xl font-bold text-ink">{event.title}</h3>
        <p className="text-ink-muted">{event.summary}</p>
      </div>
      <EventFacts event={event} />
      <div className="mt-auto flex flex-col gap-3 border-t border-line pt-4">
        <RegisterAction event={event} />
        {event.route && (
          <Link
            to={event.route}
            aria-label={`${detailsLabel}: ${event.title}`}
            className="inline-flex w-fit items-center gap-1.5 rounded-sm font-semibold text-brand-700 underline-offset-4 hover:text-brand-900 hover:underline"
          >
            {detailsLabel}
            <ArrowRight className="size-4" aria-hidden="true" width={16} height={16} />
          </Link>
        )}
      </div>
    </article>
  )
}
