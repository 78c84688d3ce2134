import { CircleCheck, Gift } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link, href } from 'react-router'

import type { Course } from '@/features/catalog/types'
import { CourseDetails } from '@/features/catalog/components/course-details'

function paragraphs(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((part) => part.trim())
    .filter(Boolean)
}

type CourseOverviewProps = {
  course: Course
  /** The calls to action under the details: enquire, pay, enrol. */
  actions: ReactNode
}

/** Everything about one course or bootcamp below the page header. */
export function CourseOverview({ course, actions }: CourseOverviewProps) {
  const kind = course.is_bootcamp ? 'bootcamp' : 'course'
  return (
    <div className="container-page grid gap-10 py-10 sm:py-14 lg:grid-cols-[1.4fr_1fr] lg:gap-12">
      <section aria-labelledby="course-details-heading" className="lg:col-start-2 lg:row-start-1">
        <div className="flex flex-col gap-6 rounded-card border border-line bg-white p-5 shadow-card sm:p-6 lg:sticky lg:top-24">
          <h2 id="course-details-heading" className="text-xl font-bold text-ink">
            {course.is_bootcamp ? 'Bootcamp details' : 'Course details'}
          </h2>
          <CourseDetails course={course} />
          <div className="flex flex-col gap-3">{actions}</div>
          {course.referral_reward > 0 && course.referral_reward_display && (
            <div className="flex items-start gap-3 rounded-control bg-accent-100 p-4 text-sm text-accent-800">
              <Gift className="mt-0.5 size-5 shrink-0" aria-hidden="true" width={20} height={20} />
              <p>
                <Link to={href('/referearn')} className="font-semibold text-accent-800 underline underline-offset-4 hover:text-ink">
                  Refer a friend and earn {course.referral_reward_display}
                </Link>{' '}
                when they join this {kind} with your referral code.
              </p>
            </div>
          )}
        </div>
      </section>

      <div className="flex flex-col gap-12 lg:col-start-1 lg:row-start-1">
        {course.description && (
          <section aria-labelledby="course-about-heading" className="flex flex-col gap-4">
            <h2 id="course-about-heading" className="text-title font-bold text-ink">
              About this {kind}
            </h2>
            {paragraphs(course.description).map((paragraph) => (
              <p key={paragraph.slice(0, 32)} className="max-w-[70ch] leading-relaxed text-ink-muted">
                {paragraph}
              </p>
            ))}
          </section>
        )}

        {course.highlights.length > 0 && (
          <section aria-labelledby="course-highlights-heading" className="flex flex-col gap-4">
            <h2 id="course-highlights-heading" className="text-title font-bold text-ink">
              What you get
            </h2>
            <ul className="grid gap-3 sm:grid-cols-2">
              {course.highlights.map((highlight) => (
                <li key={highlight} className="flex items-start gap-2.5 rounded-control border border-line bg-surface-muted p-4 font-medium text-ink">
                  <CircleCheck className="mt-0.5 size-5 shrink-0 text-success" aria-hidden="true" width={20} height={20} />
                  {highlight}
                </li>
              ))}
            </ul>
          </section>
        )}

        {course.syllabus.length > 0 && (
          <section aria-labelledby="course-syllabus-heading" className="flex flex-col gap-4">
            <h2 id="course-syllabus-heading" className="text-title font-bold text-ink">
              Syllabus
            </h2>
            <ol className="flex flex-col gap-2">
              {course.syllabus.map((topic, index) => (
                <li key={topic} className="flex items-start gap-3 rounded-control border border-line bg-white p-3.5">
                  <span
                    aria-hidden="true"
                    className="flex size-7 shrink-0 items-center justify-center rounded-full bg-brand-50 text-sm font-bold text-brand-800"
                  >
                    {index + 1}
                  </span>
                  <span className="pt-0.5 text-ink">{topic}</span>
                </li>
              ))}
            </ol>
          </section>
        )}
      </div>
    </div>
  )
}
