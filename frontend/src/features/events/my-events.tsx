import { ArrowRight, Award } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'

import { LinkButton } from '@/components/ui/link-button'
import type { components } from '@/api/schema'

export type MyEvent = components['schemas']['MyEventOut']

/**
 * "My events" on the dashboard (docs/product.md section 21): the registrations the account
 * made as the entrant or the team's captain, each with the event's title, the team and the
 * status in an enrolment's words, a way back to its payment while it is open, and the
 * certificate once the results are published. Nothing when there is none. `status`
 * draws a registration's status as the page draws an enrolment's (the dashboard passes
 * the enrolments' badge).
 */
export function MyEvents({
  headingId,
  events,
  status,
}: {
  headingId: string
  events: readonly MyEvent[]
  status: (event: MyEvent) => ReactNode
}) {
  if (events.length === 0) return null
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-6">
      <div className="flex max-w-2xl flex-col gap-2">
        <h2 id={headingId} className="text-title font-bold text-ink">
          My events
        </h2>
        <p className="text-lg text-ink-muted">The events you registered for, and where each registration stands.</p>
      </div>
      <ul className="flex flex-col gap-4">
        {events.map((event) => (
          <li key={event.reference} className="flex flex-col gap-3 rounded-card border border-line bg-white p-5 shadow-card sm:p-6">
            <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between sm:gap-4">
              <h3 className="min-w-0 text-lg font-bold break-words text-ink">{event.event}</h3>
              {status(event)}
            </div>
            <dl className="grid grid-cols-2 gap-x-4 gap-y-3 sm:grid-cols-4">
              <div className="flex min-w-0 flex-col">
                <dt className="text-xs font-semibold tracking-wide text-ink-muted uppercase">Team</dt>
                <dd className="font-medium break-words text-ink">{event.team || 'Solo'}</dd>
              </div>
              <div className="flex min-w-0 flex-col">
                <dt className="text-xs font-semibold tracking-wide text-ink-muted uppercase">Reference</dt>
                <dd className="font-mono text-sm font-medium break-all text-ink">{event.reference}</dd>
              </div>
              {event.checked_in && (
                <div className="flex min-w-0 flex-col">
                  <dt className="text-xs font-semibold tracking-wide text-ink-muted uppercase">At the event</dt>
                  <dd className="font-medium text-ink">Checked in</dd>
                </div>
              )}
            </dl>
            {event.certificate_id && (
              <p>
                <Link
                  to={`/verify/${encodeURIComponent(event.certificate_id)}`}
                  className="inline-flex items-center gap-1.5 font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900"
                >
                  <Award className="size-4" aria-hidden="true" width={16} height={16} />
                  Certificate <span className="font-mono text-sm">{event.certificate_id}</span>
                </Link>
              </p>
            )}
            {(event.status === 'pending' || event.status === 'paid_claimed') && (
              <div>
                <LinkButton to={`${event.route}?enrolment=${encodeURIComponent(event.reference)}`} variant={event.status === 'pending' ? 'primary' : 'secondary'} className="w-full sm:w-auto">
                  <span>
                    {event.status === 'pending' ? 'Pay or submit UTR ' : 'View payment '}
                    <span className="sr-only">for {event.event}</span>
                  </span>
                  <ArrowRight className="size-4" aria-hidden="true" width={16} height={16} />
                </LinkButton>
              </div>
            )}
          </li>
        ))}
      </ul>
    </section>
  )
}
