import { MessageSquare } from 'lucide-react'
import { useLocation } from 'react-router'

import { useCurrentRoute } from '@/app/use-current-route'
import { Alert } from '@/components/ui/alert'
import { LinkButton } from '@/components/ui/link-button'
import { PageHeader } from '@/components/ui/page-header'
import { links } from '@/config/paths'
import { useCourseByRoute } from '@/features/catalog/api/get-course-by-route'
import { CourseOverview } from '@/features/catalog/components/course-overview'
import { LoadError, TextSkeleton } from '@/features/catalog/components/query-states'
import { ApiError } from '@/lib/api-client'

/**
 * One module for every course page (/Web-Development-registration, /java-registration…):
 * the course is the one whose route is this page's path. The enrolment form arrives with
 * the enrolment issue; until then the call to action is a real enquiry link.
 */
export function Component() {
  const { pathname } = useLocation()
  const route = useCurrentRoute()
  const course = useCourseByRoute(pathname)
  const notFound = course.error instanceof ApiError && course.error.status === 404

  return (
    <>
      <PageHeader
        eyebrow={course.data?.is_bootcamp ? 'Bootcamp' : 'Live online course'}
        title={course.data?.name ?? route?.title ?? 'Course'}
        intro={course.data?.summary}
      />
      {course.isPending && <TextSkeleton label="Loading the course…" className="container-page py-10" lines={8} />}
      {notFound && (
        <div className="container-page py-10" role="alert">
          <Alert tone="info" title="This course is not available right now.">
            <p>It may have been withdrawn or renamed. See the courses we run now.</p>
            <LinkButton to={links.courses} variant="secondary" className="mt-3">
              See all courses
            </LinkButton>
          </Alert>
        </div>
      )}
      {course.isError && !notFound && (
        <LoadError what="this course" error={course.error} onRetry={() => void course.refetch()} className="container-page py-10" />
      )}
      {course.data && (
        <CourseOverview
          course={course.data}
          actions={
            <>
              <LinkButton to={links.getquote} size="lg" className="w-full">
                <MessageSquare className="size-5" aria-hidden="true" width={20} height={20} />
                Ask about this course
              </LinkButton>
              <p className="text-sm text-ink-muted">
                Questions about batches, timings or payment? Write to us and we reply by e-mail, usually within one working
                day.
              </p>
            </>
          }
        />
      )}
    </>
  )
}
