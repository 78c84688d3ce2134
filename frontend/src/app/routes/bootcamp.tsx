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
import type { Route } from './+types/bootcamp'
import type { SharingHandle } from '@/server/cache-policy'
import { pageMeta } from '@/app/meta'
import { enrolmentAction } from '@/app/enrolment-action.server'

/** The page's one call into Django, as a course page's (course.tsx): the bootcamp is a course. */
export async function loader() {
  return unwrap(apiClient.GET('/api/pages/course', { params: { query: { path: href('/java+android_bootcamp') } } }))
}

/** The enrolment section's two forms: enrol, then the payment's UTR. */
export async function action({ request, url }: Route.ActionArgs) {
  return enrolmentAction(request, url)
}

/** After an answer naming an enrolment, the page's data again (see course.tsx). */
export function shouldRevalidate({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return (actionResult as EnrolmentAnswer | undefined)?.reference ? true : defaultShouldRevalidate
}

/** The same for every visitor without a session: a shared cache may keep it (src/server/cache-policy). */
export const handle: SharingHandle = { sharing: 'page' }

/** The bootcamp's name and description come from the catalogue (the loader's head); this
 * is only for when it has none. */
const ANY_BOOTCAMP = { title: 'Bootcamp', description: 'A live online bootcamp with a certificate.' }

export const meta: Route.MetaFunction = (args) => pageMeta(args, ANY_BOOTCAMP)


/**
 * The Java + Android bootcamp: its details and its enrolment form, the one way to pay for
 * it (the payment is matched to a name and a seat). /payment stays only for old links.
 */
export default function Page({ loaderData }: Route.ComponentProps) {
  const { course: bootcamp, states, enrolments } = loaderData
  const enrolment = useEnrolmentProps({ courseSlug: bootcamp?.slug ?? '', enrolments })

  return (
    <>
      <PageHeader
        eyebrow={COURSE_EYEBROWS['bootcamp-page']}
        title={bootcamp?.name ?? ANY_BOOTCAMP.title}
        intro={bootcamp?.summary}
      />
      {bootcamp ? (
        <>
          <CourseOverview
            course={bootcamp}
            actions={
              <>
                <a href="#enrol" className={buttonClasses('primary', 'lg', 'w-full')}>
                  Enrol now
                  <ArrowDown className="size-5" aria-hidden="true" width={20} height={20} />
                </a>
                <p className="text-sm text-ink-muted">
                  Enrol to reserve your place and pay with any UPI app; our team confirms your seat and shares the schedule.
                </p>
                <LinkButton to={contactPath(`Question about ${bootcamp.name}`)} variant="secondary" className="w-full">
                  <MessageSquare className="size-4" aria-hidden="true" width={16} height={16} />
                  Ask about the bootcamp
                </LinkButton>
              </>
            }
          />
          <EnrolmentSection course={bootcamp} states={states} {...enrolment} />
        </>
      ) : (
        <div className="container-page py-10" role="alert">
          <Alert tone="info" title="The bootcamp is not available right now.">
            <p>It may have ended or not have started yet. See the courses we run now.</p>
            <LinkButton to={href('/courses')} variant="secondary" className="mt-3">
              See all courses
            </LinkButton>
          </Alert>
        </div>
      )}
    </>
  )
}
