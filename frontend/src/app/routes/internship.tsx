import { Link, href } from 'react-router'

import { PageHeader } from '@/components/ui/page-header'
import { useInternshipDomains } from '@/features/catalog/api/get-internship-domains'
import { InternshipCard } from '@/features/catalog/components/internship-card'
import { CardGridSkeleton, LoadError } from '@/components/ui/query-states'
import type { Route } from './+types/internship'
import type { SharingHandle } from '@/server/cache-policy'
import { internshipDomainsQueryOptions } from '@/features/catalog/api/get-internship-domains'
import { pageMeta } from '@/app/meta'
import { prefetch } from '@/lib/prefetch'

export async function loader() {
  return { dehydrated: await prefetch(internshipDomainsQueryOptions()) }
}

/** The same for every visitor without a session: a shared cache may keep it (src/server/cache-policy). */
export const handle: SharingHandle = { sharing: 'page' }

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Internships',
    description: 'Internship domains you can apply for: work on real projects with weekly tasks and earn an internship certificate.',
  })

export default function Page() {
  const domains = useInternshipDomains()
  return (
    <>
      <PageHeader
        eyebrow="Internships"
        title="Internships"
        intro={
          <p>
            Work on real tasks every week with feedback from our developers and earn an internship completion certificate.
            See how the{' '}
            <Link to={href('/training-and-internship')} className="font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-900">
              training and internship programme
            </Link>{' '}
            works.
          </p>
        }
      />
      <section aria-labelledby="domains-heading" className="container-page py-10 sm:py-14">
        <h2 id="domains-heading" className="mb-6 text-title font-bold text-ink">
          Choose a domain
        </h2>
        {domains.isPending && <CardGridSkeleton count={6} label="Loading the internship domains…" />}
        {domains.isError && <LoadError what="the internship domains" error={domains.error} onRetry={() => void domains.refetch()} />}
        {domains.isSuccess && domains.data.length === 0 && (
          <p className="text-lg text-ink-muted">No internships are listed right now. Please check back soon.</p>
        )}
        {domains.isSuccess && domains.data.length > 0 && (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 lg:gap-6">
            {domains.data.map((domain) => (
              <li key={domain.slug}>
                <InternshipCard domain={domain} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  )
}
