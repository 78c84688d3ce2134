import { useActionData, useLoaderData, useNavigation, useSearchParams } from 'react-router'

import { Alert } from '@/components/ui/alert'

import { SectionHeading } from '@/components/ui/section-heading'
import { AboutSection } from '@/features/catalog/components/about-section'
import { ContactDetails } from '@/features/catalog/components/contact-details'
import { CtaBand } from '@/features/catalog/components/cta-band'
import { FiguresSection } from '@/features/catalog/components/figures-section'
import { HeroSection } from '@/features/catalog/components/hero-section'
import { ServiceCardsSection } from '@/features/catalog/components/service-cards-section'
import { ServicesSection } from '@/features/catalog/components/services-section'
import { TeamSection } from '@/features/catalog/components/team-section'
import { contact } from '@/features/catalog/content/home'
import { EnquiryForm, type EnquiryResult } from '@/features/enquiries/components/enquiry-form'
import { enquiryAction } from '@/features/enquiries/enquiry-action.server'
import { revalidateUnlessEnquiry } from '@/features/enquiries/revalidate'
import type { Route } from './+types/home'
import type { SharingHandle } from '@/server/cache-policy'
import { pageMeta } from '@/app/meta'
import { apiClient, unwrap } from '@/lib/api-client'
import type { HydrationHandle } from '@/lib/hydration'

/** The page's one call into Django: the frame, its head, and what the sections show. */
export async function loader() {
  return unwrap(apiClient.GET('/api/pages/home'))
}

/** The contact form at #contact posts here. */
export async function action({ request }: Route.ActionArgs) {
  return enquiryAction(request)
}

export const shouldRevalidate = revalidateUnlessEnquiry

/** The same for every visitor without a session: a shared cache may keep it (src/server/cache-policy). */
// The page loads its scripts (src/lib/hydration.ts): the enquiry form's checks at the field and its pending button.
export const handle: SharingHandle & HydrationHandle = { sharing: 'page', hydrate: true }

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Software projects, courses and internships',
    description: 'Websites, apps and IoT projects built to order, live online courses in web development, Java, Android and Python, internships and certificate verification.',
  })

export default function Page() {
  const { courses, packages, domains, team } = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>() as EnquiryResult | undefined
  const pending = useNavigation().state === 'submitting'
  // The account page sends a deleted account's browser here (/?account=deleted).
  const [searchParams] = useSearchParams()
  const accountDeleted = searchParams.get('account') === 'deleted'
  return (
    <>
      <div role="status" className="empty:hidden">
        {accountDeleted && (
          <div className="container-page pt-6">
            <Alert tone="success" title="Your account has been deleted">
              Your personal data is erased and you are logged out. Thank you for learning with us.
            </Alert>
          </div>
        )}
      </div>
      <HeroSection packages={packages} />
      <AboutSection />
      <ServicesSection />
      <FiguresSection courses={courses} packages={packages} domains={domains} />
      <ServiceCardsSection />
      <CtaBand />
      <TeamSection members={team} />
      <section id="contact" aria-labelledby="contact-heading" className="section-y">
        <div className="container-page grid gap-10 lg:grid-cols-[0.8fr_1.2fr] lg:gap-16">
          <div className="flex flex-col gap-8">
            <SectionHeading id="contact-heading" eyebrow="Get in touch" title={contact.heading} intro={contact.intro} />
            <div className="hidden lg:block">
              <ContactDetails headingLevel={3} />
            </div>
          </div>
          <div className="rounded-card border border-line bg-white p-5 shadow-card sm:p-8">
            <EnquiryForm result={result} pending={pending} />
          </div>
        </div>
      </section>
    </>
  )
}
