import type { UseQueryResult } from '@tanstack/react-query'

import { useCourses } from '@/features/catalog/api/get-courses'
import { useInternshipDomains } from '@/features/catalog/api/get-internship-domains'
import { useProjectPackages } from '@/features/catalog/api/get-project-packages'
import { figures } from '@/features/catalog/content/home'

type Figure = {
  label: string
  query: UseQueryResult<unknown>
  /** The figure's value once its data is in; undefined leaves the figure out. */
  value: string | undefined
}

function count(n: number | undefined): string | undefined {
  return n ? String(n) : undefined
}

/**
 * Facts counted from the catalogue, not claims: how many courses run, what the cheapest
 * costs, how many project packages and open internship domains there are. Each figure
 * shows a placeholder while its data loads and is left out if the data is missing.
 */
export function FiguresSection() {
  const courses = useCourses()
  const packages = useProjectPackages()
  const internships = useInternshipDomains()

  const liveCourses = courses.data?.filter((course) => !course.is_bootcamp)
  // The cheapest live course, its fee as the API writes it (money is formatted once, on the server).
  const cheapest = liveCourses?.reduce<(typeof liveCourses)[number] | undefined>(
    (best, course) => (best === undefined || course.payable_fee < best.payable_fee ? course : best),
    undefined,
  )

  const items: Figure[] = [
    { label: 'Live online courses', query: courses, value: count(liveCourses?.length) },
    {
      label: 'Course fees from',
      query: courses,
      value: cheapest?.payable_fee_display,
    },
    { label: 'Project packages', query: packages, value: count(packages.data?.length) },
    {
      label: 'Internship domains open',
      query: internships,
      value: count(internships.data?.filter((domain) => domain.is_open).length),
    },
  ]
  const shown = items.filter((item) => item.query.isPending || item.value !== undefined)
  if (shown.length === 0) return null
  const loading = shown.some((item) => item.query.isPending)

  return (
    <section aria-labelledby="figures-heading" aria-busy={loading || undefined} className="bg-brand-800 text-white">
      <div className="container-page py-12 sm:py-14">
        <h2 id="figures-heading" className="sr-only">
          {figures.heading}
        </h2>
        <dl className="grid grid-cols-2 gap-x-6 gap-y-8 lg:grid-cols-4">
          {shown.map((figure) => (
            <div key={figure.label} className="flex flex-col-reverse gap-1 border-l-4 border-accent-400 pl-4">
              <dt className="text-sm font-medium text-brand-100 sm:text-base">{figure.label}</dt>
              <dd className="text-3xl font-extrabold tracking-tight sm:text-4xl">
                {figure.value ?? (
                  <>
                    <span className="sr-only">Loading…</span>
                    <span
                      aria-hidden="true"
                      className="block h-9 w-20 animate-pulse rounded bg-white/20 motion-reduce:animate-none sm:h-10"
                    />
                  </>
                )}
              </dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  )
}
