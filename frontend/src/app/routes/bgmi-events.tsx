import { useLoaderData } from 'react-router'

import { PageHeader } from '@/components/ui/page-header'
import { eventSlugs } from '@/features/catalog/api/get-event'
import { EventDetail } from '@/features/catalog/components/event-detail'
import { MissingNotice } from '@/features/catalog/components/missing-notice'
import type { Route } from './+types/bgmi-events'
import type { SharingHandle } from '@/server/cache-policy'
import { pageMeta } from '@/app/meta'
import { apiClient, unwrap } from '@/lib/api-client'

/** The page's one call into Django: the frame, its head, and the event (null when the catalogue has none). */
export async function loader({ url }: Route.LoaderArgs) {
  return unwrap(
    apiClient.GET('/api/pages/events/{slug}', {
      params: { path: { slug: eventSlugs.bgmi }, query: { path: url.pathname } },
    }),
  )
}

/** The same for every visitor without a session: a shared cache may keep it (src/server/cache-policy). */
export const handle: SharingHandle = { sharing: 'page' }

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'BGMI tournaments',
    description: 'BGMI tournaments: dates, entry fees per team and prize pools.',
  })

export default function Page() {
  const { event } = useLoaderData<typeof loader>()
  return (
    <>
      <PageHeader eyebrow={event?.kind_label ?? 'Gaming'} title={event?.title ?? 'BGMI tournaments'} intro={event?.summary} />
      {event ? <EventDetail event={event} /> : <MissingNotice what="the tournaments" className="container-page py-10" />}
    </>
  )
}
