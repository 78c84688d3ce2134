import { MessageSquare, Wallet } from 'lucide-react'

import { useCurrentRoute } from '@/app/use-current-route'
import { LinkButton } from '@/components/ui/link-button'
import { PageHeader } from '@/components/ui/page-header'
import { links, paths } from '@/config/paths'
import { useCourseByRoute } from '@/features/catalog/api/get-course-by-route'
import { CourseOverview } from '@/features/catalog/components/course-overview'
import { LoadError, TextSkeleton } from '@/features/catalog/components/query-states'

/** The Java + Android bootcamp: its details and a Pay link to /payment. */
export function Component() {
  const route = useCurrentRoute()
  const bootcamp = useCourseByRoute(paths.bootcamp)

  return (
    <>
      <PageHeader
        eyebrow="One-month bootcamp"
        title={bootcamp.data?.name ?? route?.title ?? 'Bootcamp'}
        intro={bootcamp.data?.summary}
      />
      {bootcamp.isPending && <TextSkeleton label="Loading the bootcamp…" className="container-page py-10" lines={8} />}
      {bootcamp.isError && (
        <LoadError what="the bootcamp" error={bootcamp.error} onRetry={() => void bootcamp.refetch()} className="container-page py-10" />
      )}
      {bootcamp.data && (
        <CourseOverview
          course={bootcamp.data}
          actions={
            <>
              <LinkButton to={links.payment} size="lg" className="w-full">
                <Wallet className="size-5" aria-hidden="true" width={20} height={20} />
                Pay {bootcamp.data.payable_fee_display}
              </LinkButton>
              <p className="text-sm text-ink-muted">
                Pay with any UPI app to reserve your place; our team confirms your seat and shares the schedule.
              </p>
              <LinkButton to={links.getquote} variant="secondary" className="w-full">
                <MessageSquare className="size-4" aria-hidden="true" width={16} height={16} />
                Ask about the bootcamp
              </LinkButton>
            </>
          }
        />
      )}
    </>
  )
}
