import { ArrowDown, MessageSquare } from 'lucide-react'
import { href } from 'react-router'

import { useEnrolmentProps } from '@/app/use-enrolment-props'
import { EnrolmentSection } from '@/features/enrolments/components/enrolment-section'
import { Alert } from '@/components/ui/alert'
import { buttonClasses } from '@/components/ui/button-styles'
import { LinkButton } from '@/components/ui/link-button'
import { PageHeader } from '@/components/ui/page-header'
import { contactPath } from '@/config/paths'
import { CourseOverview } from '@/features/catalog/components/course-overview'
import { COURSE_EYEBROWS } from '@/features/catalog/content/page-headers'
import type { CoursePageData } from '@/features/catalog/types'

/** The bootcamp's name and description come from the catalogue (the loader's head); this
 * is only for when it has none. */
const ANY_BOOTCAMP = { title: 'Bootcamp', description: 'A live online bootcamp with a certificate.' }

/**
 * The Java + Android bootcamp: its details and its enrolment form, the one way to pay for
 * it (the payment is matched to a name and a seat). /payment stays only for old links.
 */
export default function Page({ loaderData }: { loaderData: CoursePageData }) {
  const { course: bootcamp, states, enrolments, batches, has_batches: hasBatches } = loaderData
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
          <EnrolmentSection course={bootcamp} states={states} batches={batches} hasBatches={hasBatches} {...enrolment} />
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
