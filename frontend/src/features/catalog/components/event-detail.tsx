import { ArrowLeft } from 'lucide-react'
import { Link, href } from 'react-router'

import type { CatalogEvent } from '@/features/catalog/types'
import { EventFacts } from '@/features/catalog/components/event-facts'
import { EventStatus } from '@/features/catalog/components/event-status'
import { RegisterAction } from '@/features/catalog/components/register-action'
import { RichText } from '@/features/catalog/components/rich-text'
import { TournamentTable } from '@/features/catalog/components/tournament-table'

/** The body of an event's own page (/hackathon, /BGMI-Events), below its header. */
export function EventDetail({ event, registerHref }: { event: CatalogEvent; registerHref?: string }) {
  return (
    <div className="container-page flex flex-col gap-12 py-10 sm:py-14">
      <div className="grid gap-10 lg:grid-cols-[1fr_22rem] lg:gap-12">
        <section
          aria-labelledby="event-facts-heading"
          className="flex h-fit flex-col gap-5 rounded-card border border-line bg-white p-5 shadow-card sm:p-6 lg:col-start-2 lg:row-start-1"
        >
          <div className="flex items-center justify-between gap-3">
            <h2 id="event-facts-heading" className="text-xl font-bold text-ink">
              At a glance
            </h2>
            <EventStatus status={event.status} />
          </div>
          <EventFacts event={event} />
          <RegisterAction event={event} size="lg" onSite={registerHref} />
        </section>

        <div className="flex flex-col gap-12 lg:col-start-1 lg:row-start-1">
          {event.tournaments.length > 0 && (
            <section aria-labelledby="tournaments-heading" className="flex flex-col gap-5">
              <h2 id="tournaments-heading" className="text-title font-bold text-ink">
                Tournaments
              </h2>
              <TournamentTable
                tournaments={event.tournaments}
                caption={`${event.title}: each tournament's date, entry fee per team, prize pool and status`}
              />
            </section>
          )}
          {event.details_html && <RichText html={event.details_html} />}
        </div>
      </div>
      <Link
        to={href('/events')}
        className="inline-flex w-fit items-center gap-1.5 rounded-sm font-semibold text-brand-700 underline-offset-4 hover:text-brand-900 hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden="true" width={16} height={16} />
        All events
      </Link>
    </div>
  )
}
