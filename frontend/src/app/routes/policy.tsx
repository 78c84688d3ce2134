import { Link } from 'react-router'

import { useCurrentRoute } from '@/app/use-current-route'
import { PageHeader } from '@/components/ui/page-header'
import { contactPath, type RouteId } from '@/config/paths'
import { usePolicyPage, type PolicySlug } from '@/features/catalog/api/get-policy-page'
import { LoadError, TextSkeleton } from '@/components/ui/query-states'
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
              <p className="mt-10 max-w-[70ch] border-t border-line pt-6 text-ink-muted">
                {slug === 'refund' ? 'To ask for a refund, or with a question about this policy:' : 'Questions about this policy?'}{' '}
                <Link to={contactPath(`Question about the ${policy.title.toLowerCase()}`)} className="font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-900">
                  Contact us
                </Link>
                .
              </p>
            </article>
          </div>
        )}
      </div>
    </>
  )
}
