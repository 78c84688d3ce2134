import { ArrowDown, MessageSquare } from 'lucide-react'
import { href, type ShouldRevalidateFunctionArgs } from 'react-router'

import { useEnrolmentProps } from '@/app/use-enrolment-props'
import { EnrolmentSection } from '@/features/enrolments/components/enrolment-section'
import { Alert } from '@/components/ui/alert'
import { buttonClasses } from '@/components/ui/button-styles'
import { LinkButton } from '@/components/ui/link-button'
import { PageHeader } from '@/components/ui/page-header'
import { contactPath } from '@/config/paths'
import { CourseOverview } from '@/features/catalog/components/course-overview'
import { COURSE_EYEBROWS } from '@/features/catalog/content/page-headers'
import type { EnrolmentAnswer } from '@/features/enrolments/answer'
import { apiClient, unwrap } from '@/lib/api-client'
import type { Route } from './+types/course'
import type { SharingHandle } from '@/server/cache-policy'
import { pageMeta } from '@/app/meta'
import { enrolmentAction } from '@/app/enrolment-action.server'

/**
 * The page's one call into Django: the course whose route is this path (null when the
 * catalogue has none: the page says so), its head, the form's states, and the visitor's
 * enrolments (the account's, or this browser session's), among which the section finds
 * the one to show (`?enrolment=`, src/features/enrolments/shown.ts).
 */
export async function loader({ url }: Route.LoaderArgs) {
  return unwrap(apiClient.GET('/api/pages/course', { params: { query: { path: url.pathname } } }))
}

/** The enrolment section's two forms: enrol, then the payment's UTR. */
export async function action({ request, url }: Route.ActionArgs) {
  return enrolmentAction(request, url)
}

/**
 * After an answer naming an enrolment (a UTR sent, the visitor's own found on enrolling
 * again), the page's data again: the enrolment as it is now. A refusal of the form's
 * fields changes nothing the loader reads.
 */
export function shouldRevalidate({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return (actionResult as EnrolmentAnswer | undefined)?.reference ? true : defaultShouldRevalidate
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
export default function Page({ loaderData }: Route.ComponentProps) {
  const { course, states, enrolments } = loaderData
  const enrolment = useEnrolmentProps({ courseSlug: course?.slug ?? '', enrolments })

  return (
    <>
      <PageHeader
        eyebrow={COURSE_EYEBROWS[course?.is_bootcamp ? 'bootcamp' : 'course']}
        title={course?.name ?? ANY_COURSE.title}
        intro={course?.summary}
      />
      {course ? (
        <>
          <CourseOverview
            course={course}
            actions={
              <>
                <a href="#enrol" className={buttonClasses('primary', 'lg', 'w-full')}>
                  Enrol now
                  <ArrowDown className="size-5" aria-hidden="true" width={20} height={20} />
                </a>
                <LinkButton to={contactPath(`Question about ${course.name}`)} variant="secondary" className="w-full">
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
          <EnrolmentSection course={course} states={states} {...enrolment} />
        </>
      ) : (
        <div className="container-page py-10" role="alert">
          <Alert tone="info" title="This course is not available right now.">
            <p>It may have been withdrawn or renamed. See the courses we run now.</p>
            <LinkButton to={href('/courses')} variant="secondary" className="mt-3">
              See all courses
            </LinkButton>
          </Alert>
        </div>
      )}
    </>
  )
}
