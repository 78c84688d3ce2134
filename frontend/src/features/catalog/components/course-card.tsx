import { ArrowRight, CalendarDays, Clock, Timer } from 'lucide-react'
import { Link } from 'react-router'

import type { Course } from '@/features/catalog/types'
import { CourseFee } from '@/features/catalog/components/course-fee'

const fact = 'flex items-center gap-2'
const factIcon = 'size-4 shrink-0 text-brand-600'

/** A course on the courses page; the whole card opens the course page. */
export function CourseCard({ course }: { course: Course }) {
  return (
    <article className="group relative flex h-full flex-col gap-4 rounded-card border border-line bg-white p-6 shadow-card transition-shadow focus-within:ring-3 focus-within:ring-brand-300 hover:shadow-lg">
      <div className="flex flex-col gap-2">
        <h3 className="text-xl font-bold text-ink">{course.name}</h3>
        <p className="text-ink-muted">{course.summary}</p>
      </div>
      <CourseFee course={course} />
      <ul className="flex flex-col gap-2 text-sm text-ink">
        {course.duration_text && (
          <li className={fact}>
            <Timer className={factIcon} aria-hidden="true" width={16} height={16} />
            <span>
              <span className="sr-only">Duration: </span>
              {course.duration_text}, {course.mode.toLowerCase() || 'online'}
            </span>
          </li>
        )}
        {course.timing && (
          <li className={fact}>
            <Clock className={factIcon} aria-hidden="true" width={16} height={16} />
            <span>
              <span className="sr-only">Timing: </span>
              {course.timing}
            </span>
          </li>
        )}
        {course.days && (
          <li className={fact}>
            <CalendarDays className={factIcon} aria-hidden="true" width={16} height={16} />
            <span>
              <span className="sr-only">Days: </span>
              {course.days}
            </span>
          </li>
        )}
      </ul>
      <Link
        to={course.route}
        aria-label={`View course: ${course.name}`}
        className="mt-auto inline-flex items-center gap-1.5 pt-2 font-semibold text-brand-700 after:absolute after:inset-0 after:rounded-card focus-visible:outline-none group-hover:text-brand-900"
      >
        View course
        <ArrowRight className="size-4 transition-transform group-hover:translate-x-0.5" aria-hidden="true" width={16} height={16} />
      </Link>
    </article>
  )
}
