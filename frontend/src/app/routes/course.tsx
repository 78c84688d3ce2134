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

/**
 * The catalogue names each course page (its head: the course's name and description, from
 * the loader); this is only for a path the catalogue has no active course for.
 */
const ANY_COURSE = { title: 'Course', description: 'A live online course with doubt sessions and a certificate.' }

/**
 * Every course page (/Web-Development-registration, /java-registration… and any course
 * staff add): the course whose Page path this is (found by routes/page.tsx, which reads
 * the page and takes its forms); its enrolment form (with the friend's `?ref=` code) sits
 * below the details.
 */
export default function Page({ loaderData }: { loaderData: CoursePageData }) {
  const { course, states, enrolments, batches, has_batches: hasBatches } = loaderData
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
          <EnrolmentSection course={course} states={states} batches={batches} hasBatches={hasBatches} {...enrolment} />
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
