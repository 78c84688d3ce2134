import { useActionData, useLoaderData, useNavigation, useSearchParams } from 'react-router'

import { PageHeader } from '@/components/ui/page-header'
import { ContactDetails } from '@/features/catalog/components/contact-details'
import { EnquiryForm, type EnquiryResult, type PackageOption } from '@/features/enquiries/components/enquiry-form'
import { enquiryAction } from '@/features/enquiries/enquiry-action.server'
import { revalidateUnlessEnquiry } from '@/features/enquiries/revalidate'
import type { Route } from './+types/getquote'
import type { SharingHandle } from '@/server/cache-policy'
import { pageMeta } from '@/app/meta'
import { apiClient, unwrap } from '@/lib/api-client'
import type { HydrationHandle } from '@/lib/hydration'

/** The page's one call into Django: the frame and the project packages to choose from. */
export async function loader() {
  return unwrap(apiClient.GET('/api/pages/projects'))
}

/** The contact / quote form posts here. */
export async function action({ request }: Route.ActionArgs) {
  return enquiryAction(request)
}

export const shouldRevalidate = revalidateUnlessEnquiry

/** The same for every visitor without a session: a shared cache may keep it (src/server/cache-policy). */
// The page loads its scripts (src/lib/hydration.ts): the quote form's checks at the field and its pending button.
export const handle: SharingHandle & HydrationHandle = { sharing: 'page', hydrate: true }

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Contact us / Get a quote',
    description: 'Tell us about your website, app or IoT project, or ask us anything about our courses and internships. We reply by email.',
  })

/**
 * /getquote: the header's "Contact Us" and every "Ask…" link. Without `?package=` it is a
 * contact form whose package is optional ("General enquiry"); a project's Get Quote
 * (`?package=<slug>`) preselects that package; a course's "Ask about this course"
 * (`?subject=…`) fills in the subject.
 */
export default function Page() {
  const [searchParams] = useSearchParams()
  const requested = searchParams.get('package') ?? undefined
  const subject = searchParams.get('subject') ?? undefined
  const { packages } = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>() as EnquiryResult | undefined
  const pending = useNavigation().state === 'submitting'
  const options: PackageOption[] = packages.map((item) => ({
    value: item.slug,
    label: `${item.name} — from ${item.price_usd_display} (US dollars)`,
  }))

  return (
    <>
      <PageHeader
        eyebrow="Contact us"
        title={requested ? 'Get a quote' : 'Contact us'}
        intro="Ask us anything about our courses, internships and bootcamps, or tell us about your website, app or IoT project. We reply by e-mail, usually within one working day."
      />
      <div className="container-page grid gap-10 py-10 sm:py-14 lg:grid-cols-[1.5fr_1fr] lg:gap-12">
        <section aria-labelledby="quote-form-heading" className="rounded-card border border-line bg-white p-5 shadow-card sm:p-8">
          <h2 id="quote-form-heading" className="mb-5 text-xl font-bold text-ink">
            {requested ? 'Your project' : 'Your message'}
          </h2>
          {/* Remount when the query string changes so a new ?package= or ?subject= is filled in. */}
          <EnquiryForm
            key={searchParams.toString()}
            packages={options}
            initialPackage={requested}
            initialSubject={subject}
            result={result}
            pending={pending}
          />
        </section>
        <aside aria-label="Contact details" className="lg:pt-2">
          <ContactDetails />
        </aside>
      </div>
    </>
  )
}
