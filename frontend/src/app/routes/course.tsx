import { ArrowDown, MessageSquare } from 'lucide-react'
import { useLocation, href, type ShouldRevalidateFunctionArgs } from 'react-router'

import { useEnrolmentProps } from '@/app/use-enrolment-props'
import { EnrolmentSection } from '@/features/enrolments/components/enrolment-section'
import { Alert } from '@/components/ui/alert'
import { buttonClasses } from '@/components/ui/button-styles'
import { LinkButton } from '@/components/ui/link-button'
import { PageHeader } from '@/components/ui/page-header'
import { contactPath } from '@/config/paths'
import { useCourseByRoute } from '@/features/catalog/api/get-course-by-route'
import { CourseOverview } from '@/features/catalog/components/course-overview'
import { COURSE_EYEBROWS } from '@/features/catalog/content/page-headers'
import { LoadError, TextSkeleton } from '@/components/ui/query-states'

import { ApiError } from '@/lib/api-client'
import type { Route } from './+types/course'
import type { SharingHandle } from '@/server/cache-policy'
import { courseByRouteQueryOptions } from '@/features/catalog/api/get-course-by-route'
import { getPageHead } from '@/features/catalog/api/get-page-head'
import { visibleEnrolmentsQueryOptions } from '@/features/enrolments/api/get-my-enrolments'
import { statesQueryOptions } from '@/features/enrolments/api/get-states'
import { currentUser } from '@/server/session.server'
import { pageMeta } from '@/app/meta'
import { enrolmentAction } from '@/app/enrolment-action.server'
import { prefetch } from '@/lib/prefetch'

export async function loader({ url }: Route.LoaderArgs) {
  const { pathname } = url
  const user = await currentUser()
  const [dehydrated, head] = await Promise.all([
    prefetch(courseByRouteQueryOptions(pathname), visibleEnrolmentsQueryOptions(Boolean(user)), statesQueryOptions()),
    getPageHead(pathname),
  ])
  return { dehydrated, head }
}

/** The enrolment section's two forms: enrol, then the payment's UTR. */
export async function action({ request }: Route.ActionArgs) {
  return enrolmentAction(request)
}

/** An answer of the enrolment section changes nothing the page's loaders read. */
export function shouldRevalidate({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return actionResult === undefined ? defaultShouldRevalidate : false
}

/**
 * The catalogue names each course page (its head: the course's name and description, from
 * the loader); this is only for a path the catalogue has no active course for.
 */
const ANY_COURSE = { title: 'Course', description: 'A live online course with doubt sessions and a certificate.' }

/** The same for every visitor without a session: a shared cache may keep it (src/server/cache-policy). */
export const handle: SharingHandle = { sharing: 'page' }

export const meta: Route.MetaFunction = (args) => pageMeta(args, ANY_COURSE)

/**
 * One module for every course page (/Web-Development-registration, /java-registration…):
 * the course is the one whose route is this page's path; its enrolment form (with the
 * friend's `?ref=` code) sits below the details.
 */
export default function Page() {
  const { pathname } = useLocation()
  const course = useCourseByRoute(pathname)
  const notFound = course.error instanceof ApiError && course.error.status === 404
  const enrolment = useEnrolmentProps()

  return (
    <>
      <PageHeader
        eyebrow={COURSE_EYEBROWS[course.data?.is_bootcamp ? 'bootcamp' : 'course']}
        title={course.data?.name ?? ANY_COURSE.title}
        intro={course.data?.summary}
      />
      {/* A screen tall: the footer stays below the fold until the course arrives (no layout shift). */}
      {course.isPending && <TextSkeleton label="Loading the course…" className="container-page min-h-dvh py-10" lines={8} />}
      {notFound && (
        <div className="container-page py-10" role="alert">
          <Alert tone="info" title="This course is not available right now.">
            <p>It may have been withdrawn or renamed. See the courses we run now.</p>
            <LinkButton to={href('/courses')} variant="secondary" className="mt-3">
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
          <EnrolmentSection course={course.data} {...enrolment} />
        </>
      )}
    </>
  )
}
