import type { Course, InternshipDomain, ProjectPackage } from '@/features/catalog/types'
import { figures } from '@/features/catalog/content/home'

type Figure = {
  label: string
  /** The figure's value; undefined leaves the figure out. */
  value: string | undefined
}

function count(n: number): string | undefined {
  return n ? String(n) : undefined
}

type FiguresProps = {
  courses: readonly Course[]
  packages: readonly ProjectPackage[]
  domains: readonly InternshipDomain[]
}

/**
 * Facts counted from the catalogue, not claims: how many courses run, what the cheapest
 * costs, how many project packages and open internship domains there are. A figure whose
 * count is nothing is left out; with none to show, so is the section.
 */
export function FiguresSection({ courses, packages, domains }: FiguresProps) {
  const liveCourses = courses.filter((course) => !course.is_bootcamp)
  // The cheapest live course, its fee as the API writes it (money is formatted once, on the server).
  const cheapest = liveCourses.reduce<(typeof liveCourses)[number] | undefined>(
    (best, course) => (best === undefined || course.payable_fee < best.payable_fee ? course : best),
    undefined,
  )

  const items: Figure[] = [
    { label: 'Live online courses', value: count(liveCourses.length) },
    { label: 'Course fees from', value: cheapest?.payable_fee_display },
    { label: 'Project packages', value: count(packages.length) },
    { label: 'Internship domains open', value: count(domains.filter((domain) => domain.is_open).length) },
  ]
  const shown = items.filter((item) => item.value !== undefined)
  if (shown.length === 0) return null

  return (
    <section aria-labelledby="figures-heading" className="bg-brand-800 text-white">
      <div className="container-page py-12 sm:py-14">
        <h2 id="figures-heading" className="sr-only">
          {figures.heading}
        </h2>
        <dl className="grid grid-cols-2 gap-x-6 gap-y-8 lg:grid-cols-4">
          {shown.map((figure) => (
            <div key={figure.label} className="flex flex-col-reverse gap-1 border-l-4 border-accent-400 pl-4">
              <dt className="text-sm font-medium text-brand-100 sm:text-base">{figure.label}</dt>
              <dd className="text-3xl font-extrabold tracking-tight sm:text-4xl">{figure.value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  )
}
