import { ArrowDown, MessageSquare } from 'lucide-react'
import { useLocation } from 'react-router'

import { useCurrentRoute } from '@/app/use-current-route'
import { LazyEnrolmentSection } from '@/app/lazy-enrolment-section'
import { useEnrolmentProps } from '@/app/use-enrolment-props'
import { Alert } from '@/components/ui/alert'
import { buttonClasses } from '@/components/ui/button-styles'
import { LinkButton } from '@/components/ui/link-button'
import { PageHeader } from '@/components/ui/page-header'
import { contactPath, links } from '@/config/paths'
import { useCourseByRoute } from '@/features/catalog/api/get-course-by-route'
import { CourseOverview } from '@/features/catalog/components/course-overview'
import { COURSE_EYEBROWS } from '@/features/catalog/content/page-headers'
import { LoadError, TextSkeleton } from '@/components/ui/query-states'

import { ApiError } from '@/lib/api-client'

/**
 * One module for every course page (/Web-Development-registration, /java-registration…):
 * the course is the one whose route is this page's path; its enrolment form (with the
 * friend's `?ref=` code) sits below the details.
 */
export function Component() {
  const { pathname } = useLocation()
  const route = useCurrentRoute()
  const course = useCourseByRoute(pathname)
  const notFound = course.error instanceof ApiError && course.error.status === 404
  const enrolment = useEnrolmentProps()

  return (
    <>
      <PageHeader
        eyebrow={COURSE_EYEBROWS[course.data?.is_bootcamp ? 'bootcamp' : 'course']}
        title={course.data?.name ?? route?.title ?? 'Course'}
        intro={course.data?.summary}
      />
      {/* A screen tall: the footer stays below the fold until the course arrives (no layout shift). */}
      {course.isPending && <TextSkeleton label="Loading the course…" className="container-page min-h-dvh py-10" lines={8} />}
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
        <>
          <CourseOverview
            course={course.data}
            actions={
              <>
                <a href="#enrol" className={buttonClasses('primary', 'lg', 'w-full')}>
                  Enrol now
                  <ArrowDown className="size-5" aria-hidden="true" width={20} height={20} />
                </a>
                <LinkButton to={contactPath(`Question about ${course.data.name}`)} variant="secondary" className="w-full">
                  <MessageSquare className="size-4" aria-hidden="true" width={16} height={16} />
                  Ask about this course
                </LinkButton>
                <p className="text-sm text-ink-muted">
                  Questions about batches, timings or payment? Write to us and we reply by e-mail, usually within one working
                  day.
                </p>
              </>
            }
          />
          <LazyEnrolmentSection course={course.data} {...enrolment} />
        </>
      )}
    </>
  )
}
