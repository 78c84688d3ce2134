import { useCurrentRoute } from '@/app/use-current-route'
import { PageHeader } from '@/components/ui/page-header'
import type { RouteId } from '@/config/paths'
import { usePolicyPage, type PolicySlug } from '@/features/catalog/api/get-policy-page'
import { LoadError, TextSkeleton } from '@/features/catalog/components/query-states'
import { RichText } from '@/features/catalog/components/rich-text'
import { TableOfContents } from '@/features/catalog/components/table-of-contents'
import { formatLongDate } from '@/features/catalog/utils/dates'

/** One module for /t&c, /privacy-policy and /refund-and-cancellation-policy. */
const slugByRoute: Partial<Record<RouteId, PolicySlug>> = { terms: 'terms', privacy: 'privacy', refund: 'refund' }

export function Component() {
  const route = useCurrentRoute()
  const slug = slugByRoute[route?.id as RouteId] ?? 'terms'
  const page = usePolicyPage(slug)
  const policy = page.data

  return (
    <>
      <PageHeader
        eyebrow="Policies"
        title={policy?.title ?? route?.title ?? 'Policy'}
        intro={
          policy && (
            <p>
              Last updated <time dateTime={policy.last_updated}>{formatLongDate(policy.last_updated)}</time>
            </p>
          )
        }
      />
      <div className="container-page py-10 sm:py-14">
        {page.isPending && <TextSkeleton label="Loading the policy…" lines={10} />}
        {page.isError && <LoadError what="this policy" error={page.error} onRetry={() => void page.refetch()} />}
        {policy && (
          <div className="grid gap-10 lg:grid-cols-[16rem_1fr] lg:gap-12">
            <TableOfContents sections={policy.sections} className="h-fit lg:sticky lg:top-24" />
            <article aria-label={policy.title}>
              <RichText html={policy.body_html} />
            </article>
          </div>
        )}
      </div>
    </>
  )
}
