import { ArrowRight, Rocket } from 'lucide-react'
import { Link, useLoaderData } from 'react-router'

import { PageHeader } from '@/components/ui/page-header'
import type { Course } from '@/features/catalog/types'
import { CourseCard } from '@/features/catalog/components/course-card'
import type { Route } from './+types/courses'
import type { SharingHandle } from '@/server/cache-policy'
import { pageMeta } from '@/app/meta'
import { apiClient, unwrap } from '@/lib/api-client'

/** The page's one call into Django: the frame, the courses and the bootcamp (null when staff switched it off). */
export async function loader() {
  return unwrap(apiClient.GET('/api/pages/courses'))
}

/** The same for every visitor without a session: a shared cache may keep it (src/server/cache-policy). */
export const handle: SharingHandle = { sharing: 'page' }

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Courses',
    description: 'Live online courses: Web Development (MERN stack), Android with Java, Java and Python, with certificates.',
  })

/** A side offer: when staff switched it off the page is complete without it. */
function BootcampCard({ bootcamp }: { bootcamp: Course }) {
  return (
    <section aria-labelledby="bootcamp-heading" className="container-page pb-14 sm:pb-20">
      <div className="group relative flex flex-col gap-4 rounded-card border border-brand-200 bg-brand-50 p-6 focus-within:ring-3 focus-within:ring-brand-300 sm:flex-row sm:items-center sm:gap-6">
        <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-white text-brand-700">
          <Rocket className="size-6" aria-hidden="true" width={24} height={24} />
        </span>
        <div className="flex flex-1 flex-col gap-1">
          <h2 id="bootcamp-heading" className="text-lg font-bold text-ink">
            Not ready for three months? Try the {bootcamp.name}
          </h2>
          <p className="text-ink-muted">
            {bootcamp.duration_text}, {bootcamp.mode.toLowerCase()}, for{' '}
            <strong className="font-semibold text-ink">{bootcamp.payable_fee_display}</strong>. {bootcamp.summary}
          </p>
        </div>
        <Link
          to={bootcamp.route}
          className="inline-flex shrink-0 items-center gap-1.5 font-semibold text-brand-700 after:absolute after:inset-0 after:rounded-card focus-visible:outline-none group-hover:text-brand-900"
        >
          See the bootcamp
          <ArrowRight className="size-4" aria-hidden="true" width={16} height={16} />
        </Link>
      </div>
    </section>
  )
}

export default function Page() {
  const { courses, bootcamp } = useLoaderData<typeof loader>()
  const cards = courses.filter((course) => !course.is_bootcamp)

  return (
    <>
      <PageHeader
        eyebrow="Courses"
        title="Live online courses"
        intro="Three-month courses taught live in the evening by working developers, with a weekly doubt session, a final project and a certificate you can verify online."
      />
      <section aria-labelledby="courses-heading" className="container-page py-10 sm:py-14">
        <h2 id="courses-heading" className="sr-only">
          Our courses
        </h2>
        {cards.length === 0 ? (
          <p className="text-lg text-ink-muted">No course is open for enrolment right now. Please check back soon.</p>
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 lg:gap-6">
            {cards.map((course) => (
              <li key={course.slug}>
                <CourseCard course={course} />
              </li>
            ))}
          </ul>
        )}
      </section>
      {bootcamp && <BootcampCard bootcamp={bootcamp} />}
    </>
  )
}
