import { useSearchParams } from 'react-router'

import { Alert } from '@/components/ui/alert'
import { PageHeader } from '@/components/ui/page-header'
import { useProjectPackages } from '@/features/catalog/api/get-project-packages'
import { ContactDetails } from '@/features/catalog/components/contact-details'
import { EnquiryForm, type PackageOption } from '@/features/enquiries/components/enquiry-form'
import { formatUsd } from '@/lib/format'

export function Component() {
  const [searchParams] = useSearchParams()
  const requested = searchParams.get('package') ?? undefined
  const packages = useProjectPackages()
  const options: PackageOption[] = (packages.data ?? []).map((item) => ({
    value: item.slug,
    label: `${item.name} — ${formatUsd(item.price_usd)}`,
  }))

  return (
    <>
      <PageHeader
        eyebrow="Contact us"
        title="Get a quote"
        intro="Tell us about your website, app or IoT project — or ask us anything about our courses and internships. We reply by e-mail, usually within one working day."
      />
      <div className="container-page grid gap-10 py-10 sm:py-14 lg:grid-cols-[1.5fr_1fr] lg:gap-12">
        <section aria-labelledby="quote-form-heading" className="rounded-card border border-line bg-white p-5 shadow-card sm:p-8">
          <h2 id="quote-form-heading" className="mb-5 text-xl font-bold text-ink">
            Your project
          </h2>
          {packages.isError && (
            <Alert tone="error" className="mb-5">
              We could not load the list of packages. Check your connection and reload the page.
            </Alert>
          )}
          {/* Remount when the query string changes so a new ?package= is preselected. */}
          <EnquiryForm
            key={requested ?? ''}
            kind="quote"
            packages={options}
            packagesLoading={packages.isPending}
            initialPackage={requested}
          />
        </section>
        <aside aria-label="Contact details" className="lg:pt-2">
          <ContactDetails />
        </aside>
      </div>
    </>
  )
}
