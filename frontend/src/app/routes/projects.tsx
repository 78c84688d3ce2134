import { useLoaderData } from 'react-router'

import { PageHeader } from '@/components/ui/page-header'
import { PackageCard } from '@/features/catalog/components/package-card'
import type { Route } from './+types/projects'
import type { SharingHandle } from '@/server/cache-policy'
import { pageMeta } from '@/app/meta'
import { apiClient, unwrap } from '@/lib/api-client'

/** The page's one call into Django: the frame and the project packages. */
export async function loader() {
  return unwrap(apiClient.GET('/api/pages/projects'))
}

/** The same for every visitor without a session: a shared cache may keep it (src/server/cache-policy). */
export const handle: SharingHandle = { sharing: 'page' }

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Project packages',
    description: 'Web, full stack, e-commerce, IoT, iOS and Android app projects with starting prices. Ask for a quote.',
  })

export default function Page() {
  const { packages } = useLoaderData<typeof loader>()
  return (
    <>
      <PageHeader
        eyebrow="Projects"
        title="Project packages"
        intro="Websites, apps and IoT projects built to order. Prices are starting prices in US dollars; ask for a quote and we reply with a fixed price for your requirements."
      />
      <section aria-labelledby="packages-heading" className="container-page py-10 sm:py-14">
        <h2 id="packages-heading" className="sr-only">
          Packages
        </h2>
        {packages.length === 0 ? (
          <p className="text-lg text-ink-muted">No packages are listed right now. Tell us about your project and we will quote for it.</p>
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 lg:gap-6">
            {packages.map((item) => (
              <li key={item.slug}>
                <PackageCard item={item} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  )
}
