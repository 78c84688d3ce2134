import { PageHeader } from '@/components/ui/page-header'
import { EventRegistrationSection } from '@/app/event-registration-section'
import { EventDetail } from '@/features/catalog/components/event-detail'
import type { EventPageData } from '@/features/catalog/types'
import { EventResults } from '@/features/events/event-results'
import { registersOnSite } from '@/features/events/registration-fields'

/** The eyebrow above an event's title, when the catalogue gives no kind. */
const ANY_EVENT = 'Event'

/**
 * An event's own page (its Page path: /hackathon, /BGMI-Events, or any event staff give
 * one), found from the data by the page route (routes/page.tsx): its header, the published
 * results, then its facts, details and tournaments, and its Register form while it takes
 * registrations on the site (src/app/event-registration-section.tsx).
 */
export function EventPage({ loaderData }: { loaderData: EventPageData }) {
  const { event, registration, enrolments } = loaderData
  const onSite = registersOnSite(event)
  return (
    <>
      <PageHeader eyebrow={event.kind_label || ANY_EVENT} title={event.title} intro={event.summary} />
      {registration.results.length > 0 && (
        <div className="container-page pt-10">
          <EventResults results={registration.results} />
        </div>
      )}
      <EventDetail event={event} registerHref={onSite ? '#register' : undefined} />
      {onSite && <EventRegistrationSection event={event} registration={registration} enrolments={enrolments} />}
    </>
  )
}
