import { PageHeader } from '@/components/ui/page-header'
import { useProjectPackages } from '@/features/catalog/api/get-project-packages'
import { PackageCard } from '@/features/catalog/components/package-card'
import { CardGridSkeleton, LoadError } from '@/components/ui/query-states'
import type { Route } from './+types/projects'
import type { SharingHandle } from '@/server/cache-policy'
import { projectPackagesQueryOptions } from '@/features/catalog/api/get-project-packages'
import { pageMeta } from '@/app/meta'
import { prefetch } from '@/lib/prefetch'

export async function loader() {
  return { dehydrated: await prefetch(projectPackagesQueryOptions()) }
}

/** The same for every visitor without a session: a shared cache may keep it (src/server/cache-policy). */
export const handle: SharingHandle = { sharing: 'page' }

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Project packages',
    description: 'Web, full stack, e-commerce, IoT, iOS and Android app projects with starting prices. Ask for a quote.',
  })

export default function Page() {
  const packages = useProjectPackages()
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
        {packages.isPending && <CardGridSkeleton count={6} label="Loading the project packages…" />}
        {packages.isError && <LoadError what="the project packages" error={packages.error} onRetry={() => void packages.refetch()} />}
        {packages.isSuccess && packages.data.length === 0 && (
          <p className="text-lg text-ink-muted">No packages are listed right now. Tell us about your project and we will quote for it.</p>
        )}
        {packages.isSuccess && packages.data.length > 0 && (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 lg:gap-6">
            {packages.data.map((item) => (
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
