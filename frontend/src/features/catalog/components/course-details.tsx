import { Award, CalendarDays, Clock, IndianRupee, MessageCircleQuestion, MonitorPlay, Timer, type LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'

import type { Course } from '@/features/catalog/types'
import { CourseFee } from '@/features/catalog/components/course-fee'

type Row = { label: string; icon: LucideIcon; value: ReactNode }

/** The facts of a course as a description list; rows a course leaves empty are left out. */
export function CourseDetails({ course }: { course: Course }) {
  const rows: Row[] = [
    { label: 'Duration', icon: Timer, value: course.duration_text },
    { label: 'Fee', icon: IndianRupee, value: <CourseFee course={course} size="lg" /> },
    { label: 'Timing', icon: Clock, value: course.timing },
    { label: 'Days', icon: CalendarDays, value: course.days },
    { label: 'Doubt session', icon: MessageCircleQuestion, value: course.doubt_session },
    { label: 'Mode', icon: MonitorPlay, value: course.mode },
    { label: 'Certificate', icon: Award, value: course.certificate ? 'Yes' : 'No' },
  ]
  return (
    <dl className="divide-y divide-line">
      {rows
        .filter((row) => row.value !== '')
        .map(({ label, icon: Icon, value }) => (
          <div key={label} className="flex items-start gap-3 py-3 first:pt-0 last:pb-0">
            <Icon className="mt-0.5 size-5 shrink-0 text-brand-600" aria-hidden="true" width={20} height={20} />
            <dt className="w-[6.5rem] shrink-0 text-sm font-medium text-ink-muted sm:w-32">{label}</dt>
            <dd className="min-w-0 flex-1 font-semibold text-ink">{value}</dd>
          </div>
        ))}
    </dl>
  )
}
