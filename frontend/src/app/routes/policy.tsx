import { href, Link, useLoaderData, useLocation } from 'react-router'

import { PageHeader } from '@/components/ui/page-header'
import { contactPath } from '@/config/paths'
import type { PolicySlug } from '@/features/catalog/types'
import { MissingNotice } from '@/features/catalog/components/missing-notice'
import { PrivacyRights } from '@/features/catalog/components/privacy-rights'
import { RIGHTS_SECTION } from '@/features/catalog/content/privacy-rights'
import { RichText } from '@/features/catalog/components/rich-text'
import { TableOfContents } from '@/features/catalog/components/table-of-contents'
import { formatLongDate } from '@/features/catalog/utils/dates'
import type { Route } from './+types/policy'
import type { SharingHandle } from '@/server/cache-policy'
import { pageMeta } from '@/app/meta'
import { apiClient, unwrap } from '@/lib/api-client'

/** The page's one call into Django: the frame, its head, and the policy (null when the catalogue has none). */
export async function loader({ url }: Route.LoaderArgs) {
  const { pathname } = url
  return unwrap(
    apiClient.GET('/api/pages/policies/{slug}', {
      params: { path: { slug: policySlug(pathname) }, query: { path: pathname } },
    }),
  )
}

/** The same for every visitor without a session: a shared cache may keep it (src/server/cache-policy). */
export const handle: SharingHandle = { sharing: 'page' }

export const meta: Route.MetaFunction = (args) => {
  const id = policySlug(args.location.pathname)
  return pageMeta(args, POLICY_META[id])
}

/** One module for /t&c, /privacy-policy and /refund-and-cancellation-policy. */
function policySlug(pathname: string): PolicySlug {
  if (pathname === href('/privacy-policy')) return 'privacy'
  if (pathname === href('/refund-and-cancellation-policy')) return 'refund'
  return 'terms'
}

const POLICY_META: Record<PolicySlug, { title: string; description: string }> = {
  terms: {
    title: 'Terms and conditions',
    description: 'Terms and conditions of our website, courses, internships and project work.',
  },
  privacy: { title: 'Privacy policy', description: 'How we collect, use, keep and protect your personal information.' },
  refund: { title: 'Refund and cancellation policy', description: 'When a payment is refunded and how to cancel.' },
}

export default function Page() {
  const slug = policySlug(useLocation().pathname)
  const { policy, site } = useLoaderData<typeof loader>()
  // The privacy policy ends with the rights the DPDP Act 2023 gives, and whom to write to.
  const withRights = slug === 'privacy'
  const sections = policy && withRights ? [...policy.sections, RIGHTS_SECTION] : policy?.sections

  return (
    <>
      <PageHeader
        eyebrow="Policies"
        title={policy?.title ?? POLICY_META[slug].title}
        intro={
          policy && (
            <p>
              Last updated <time dateTime={policy.last_updated}>{formatLongDate(policy.last_updated)}</time>
            </p>
          )
        }
      />
      <div className="container-page py-10 sm:py-14">
        {policy ? (
          <div className="grid gap-10 lg:grid-cols-[16rem_1fr] lg:gap-12">
            <TableOfContents sections={sections ?? []} className="h-fit lg:sticky lg:top-24" />
            <article aria-label={policy.title}>
              <RichText html={policy.body_html} />
              {withRights && <PrivacyRights grievanceOfficer={site.grievance_officer ?? ''} />}
              <p className="mt-10 max-w-[70ch] border-t border-line pt-6 text-ink-muted">
                {slug === 'refund' ? 'To ask for a refund, or with a question about this policy:' : 'Questions about this policy?'}{' '}
                <Link to={contactPath(`Question about the ${policy.title.toLowerCase()}`)} className="font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-900">
                  Contact us
                </Link>
                .
              </p>
            </article>
          </div>
        ) : (
          <MissingNotice what="this policy" />
        )}
      </div>
    </>
  )
}
