import { useLoaderData } from 'react-router'

import { PageHeader } from '@/components/ui/page-header'
import type { CatalogEvent } from '@/features/catalog/types'
import { EventCard } from '@/features/catalog/components/event-card'
import type { Route } from './+types/events'
import type { SharingHandle } from '@/server/cache-policy'
import { pageMeta } from '@/app/meta'
import { apiClient, unwrap } from '@/lib/api-client'

/** The page's one call into Django: the frame, its head, and the upcoming and past events. */
export async function loader() {
  return unwrap(apiClient.GET('/api/pages/events'))
}

/** The same for every visitor without a session: a shared cache may keep it (src/server/cache-policy). */
export const handle: SharingHandle = { sharing: 'page' }

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Events',
    description: 'Upcoming and past events: coding competitions, BGMI tournaments and hackathons.',
  })

function EventList({ id, title, events, empty }: { id: string; title: string; events: readonly CatalogEvent[]; empty: string }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-6">
      <h2 id={id} className="text-title font-bold text-ink">
        {title}
      </h2>
      {events.length === 0 ? (
        <p className="text-lg text-ink-muted">{empty}</p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 lg:gap-6">
          {events.map((event) => (
            <li key={event.slug}>
              <EventCard event={event} />
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

export default function Page() {
  const { events } = useLoaderData<typeof loader>()
  return (
    <>
      <PageHeader
        eyebrow="Events"
        title="Events"
        intro="Coding competitions, hackathons and gaming tournaments for students. Dates are in India time."
      />
      <div className="container-page flex flex-col gap-14 py-10 sm:py-14">
        <EventList
          id="upcoming-heading"
          title="Upcoming events"
          events={events.upcoming}
          empty="No events are scheduled right now. New events are announced on this page."
        />
        <EventList id="past-heading" title="Past events" events={events.past} empty="No past events yet." />
      </div>
    </>
  )
}
