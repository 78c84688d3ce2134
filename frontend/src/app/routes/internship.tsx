import { Link, href, useLoaderData } from 'react-router'

import { PageHeader } from '@/components/ui/page-header'
import { InternshipCard } from '@/features/catalog/components/internship-card'
import type { Route } from './+types/internship'
import type { SharingHandle } from '@/server/cache-policy'
import { pageMeta } from '@/app/meta'
import { apiClient, unwrap } from '@/lib/api-client'

/** The page's one call into Django: the frame and the internship domains. */
export async function loader() {
  return unwrap(apiClient.GET('/api/pages/internship'))
}

/** The same for every visitor without a session: a shared cache may keep it (src/server/cache-policy). */
export const handle: SharingHandle = { sharing: 'page' }

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Internships',
    description: 'Internship domains you can apply for: work on real projects with weekly tasks and earn an internship certificate.',
  })

export default function Page() {
  const { domains } = useLoaderData<typeof loader>()
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
        {domains.length === 0 ? (
          <p className="text-lg text-ink-muted">No internships are listed right now. Please check back soon.</p>
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 lg:gap-6">
            {domains.map((domain) => (
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
