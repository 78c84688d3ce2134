import { useCurrentRoute } from '@/app/use-current-route'
import { PageHeader } from '@/components/ui/page-header'
import { eventSlugs, useEvent } from '@/features/catalog/api/get-event'
import { EventDetail } from '@/features/catalog/components/event-detail'
import { LoadError, TextSkeleton } from '@/components/ui/query-states'

export function Component() {
  const route = useCurrentRoute()
  const event = useEvent(eventSlugs.bgmi)
  return (
    <>
      <PageHeader eyebrow={event.data?.kind_label ?? 'Gaming'} title={event.data?.title ?? route?.title ?? 'BGMI tournaments'} intro={event.data?.summary} />
      {event.isPending && <TextSkeleton label="Loading the tournaments…" className="container-page min-h-dvh py-10" lines={8} />}
      {event.isError && <LoadError what="the tournaments" error={event.error} onRetry={() => void event.refetch()} className="container-page py-10" />}
      {event.data && <EventDetail event={event.data} />}
    </>
  )
}
