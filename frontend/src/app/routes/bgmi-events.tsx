import { PageHeader } from '@/components/ui/page-header'
import { eventQueryOptions, eventSlugs, useEvent } from '@/features/catalog/api/get-event'
import { EventDetail } from '@/features/catalog/components/event-detail'
import { LoadError, TextSkeleton } from '@/components/ui/query-states'
import type { Route } from './+types/bgmi-events'
import type { SharingHandle } from '@/server/cache-policy'
import { getPageHead } from '@/features/catalog/api/get-page-head'
import { pageMeta } from '@/app/meta'
import { prefetch } from '@/lib/prefetch'

export async function loader({ url }: Route.LoaderArgs) {
  const [dehydrated, head] = await Promise.all([
    prefetch(eventQueryOptions(eventSlugs.bgmi)),
    getPageHead(url.pathname),
  ])
  return { dehydrated, head }
}

/** The same for every visitor without a session: a shared cache may keep it (src/server/cache-policy). */
export const handle: SharingHandle = { sharing: 'page' }

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'BGMI tournaments',
    description: 'BGMI tournaments: dates, entry fees per team and prize pools.',
  })

export default function Page() {
  const event = useEvent(eventSlugs.bgmi)
  return (
    <>
      <PageHeader eyebrow={event.data?.kind_label ?? 'Gaming'} title={event.data?.title ?? 'BGMI tournaments'} intro={event.data?.summary} />
      {event.isPending && <TextSkeleton label="Loading the tournaments…" className="container-page min-h-dvh py-10" lines={8} />}
      {event.isError && <LoadError what="the tournaments" error={event.error} onRetry={() => void event.refetch()} className="container-page py-10" />}
      {event.data && <EventDetail event={event.data} />}
    </>
  )
}
