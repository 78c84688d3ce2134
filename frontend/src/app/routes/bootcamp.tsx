import { ArrowDown, MessageSquare } from 'lucide-react'
import { href, type ShouldRevalidateFunctionArgs } from 'react-router'

import { useEnrolmentProps } from '@/app/use-enrolment-props'
import { EnrolmentSection } from '@/features/enrolments/components/enrolment-section'
import { buttonClasses } from '@/components/ui/button-styles'
import { LinkButton } from '@/components/ui/link-button'
import { PageHeader } from '@/components/ui/page-header'
import { contactPath } from '@/config/paths'
import { useCourseByRoute } from '@/features/catalog/api/get-course-by-route'
import { CourseOverview } from '@/features/catalog/components/course-overview'
import { COURSE_EYEBROWS } from '@/features/catalog/content/page-headers'
import { LoadError, TextSkeleton } from '@/components/ui/query-states'
import type { Route } from './+types/bootcamp'
import type { SharingHandle } from '@/server/cache-policy'
import { courseByRouteQueryOptions } from '@/features/catalog/api/get-course-by-route'
import { getPageHead } from '@/features/catalog/api/get-page-head'
import { visibleEnrolmentsQueryOptions } from '@/features/enrolments/api/get-my-enrolments'
import { statesQueryOptions } from '@/features/enrolments/api/get-states'
import { currentUser } from '@/server/session.server'
import { pageMeta } from '@/app/meta'
import { enrolmentAction } from '@/app/enrolment-action.server'
import { prefetch } from '@/lib/prefetch'

export async function loader() {
  const path = href('/java+android_bootcamp')
  const user = await currentUser()
  const [dehydrated, head] = await Promise.all([
    prefetch(courseByRouteQueryOptions(path), visibleEnrolmentsQueryOptions(Boolean(user)), statesQueryOptions()),
    getPageHead(path),
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
export default function Page() {
  const bootcamp = useCourseByRoute(href('/java+android_bootcamp'))
  const enrolment = useEnrolmentProps()

  return (
    <>
      <PageHeader
        eyebrow={COURSE_EYEBROWS['bootcamp-page']}
        title={bootcamp.data?.name ?? ANY_BOOTCAMP.title}
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
          <EnrolmentSection course={bootcamp.data} {...enrolment} />
        </>
      )}
    </>
  )
}
