import { ArrowDown, MessageSquare } from 'lucide-react'

import { useCurrentRoute } from '@/app/use-current-route'
import { LazyEnrolmentSection } from '@/app/lazy-enrolment-section'
import { useEnrolmentProps } from '@/app/use-enrolment-props'
import { buttonClasses } from '@/components/ui/button-styles'
import { LinkButton } from '@/components/ui/link-button'
import { PageHeader } from '@/components/ui/page-header'
import { contactPath, paths } from '@/config/paths'
import { useCourseByRoute } from '@/features/catalog/api/get-course-by-route'
import { CourseOverview } from '@/features/catalog/components/course-overview'
import { COURSE_EYEBROWS } from '@/features/catalog/content/page-headers'
import { LoadError, TextSkeleton } from '@/components/ui/query-states'


/**
 * The Java + Android bootcamp: its details and its enrolment form, the one way to pay for
 * it (the payment is matched to a name and a seat). /payment stays only for old links.
 */
export function Component() {
  const route = useCurrentRoute()
  const bootcamp = useCourseByRoute(paths.bootcamp)
  const enrolment = useEnrolmentProps()

  return (
    <>
      <PageHeader
        eyebrow={COURSE_EYEBROWS['bootcamp-page']}
        title={bootcamp.data?.name ?? route?.title ?? 'Bootcamp'}
        intro={bootcamp.data?.summary}
      />
      {bootcamp.isPending && <TextSkeleton label="Loading the bootcamp…" className="container-page min-h-dvh py-10" lines={8} />}
      {bootcamp.isError && (
        <LoadError what="the bootcamp" error={bootcamp.error} onRetry={() => void bootcamp.refetch()} className="container-page py-10" />
      )}
      {bootcamp.data && (
        <>
          <CourseOverview
            course={bootcamp.data}
            actions={
              <>
                <a href="#enrol" className={buttonClasses('primary', 'lg', 'w-full')}>
                  Enrol now
                  <ArrowDown className="size-5" aria-hidden="true" width={20} height={20} />
                </a>
                <p className="text-sm text-ink-muted">
                  Enrol to reserve your place and pay with any UPI app; our team confirms your seat and shares the schedule.
                </p>
                <LinkButton to={contactPath(`Question about ${bootcamp.data.name}`)} variant="secondary" className="w-full">
                  <MessageSquare className="size-4" aria-hidden="true" width={16} height={16} />
                  Ask about the bootcamp
                </LinkButton>
              </>
            }
          />
          <LazyEnrolmentSection course={bootcamp.data} {...enrolment} />
        </>
      )}
    </>
  )
}
