import { LinkButton } from '@/components/ui/link-button'
import { callToAction } from '@/features/catalog/content/home'

export function CtaBand() {
  return (
    <section aria-labelledby="cta-heading" className="container-page">
      <div className="relative overflow-hidden rounded-card bg-brand-900 px-6 py-12 text-center text-white sm:px-12 sm:py-16">
        <svg className="absolute -top-16 -right-16 text-brand-700" viewBox="0 0 200 200" width="200" height="200" aria-hidden="true" focusable="false">
          <circle cx="100" cy="100" r="100" fill="currentColor" opacity="0.6" />
        </svg>
        <svg className="absolute -bottom-20 -left-10 text-brand-600" viewBox="0 0 160 160" width="160" height="160" aria-hidden="true" focusable="false">
          <circle cx="80" cy="80" r="80" fill="currentColor" opacity="0.5" />
        </svg>
        <div className="relative mx-auto flex max-w-2xl flex-col items-center gap-5">
          <h2 id="cta-heading" className="text-title font-bold">
            {callToAction.heading}
          </h2>
          <p className="text-lg text-brand-100">{callToAction.body}</p>
          <div className="flex w-full flex-col justify-center gap-3 sm:w-auto sm:flex-row">
            <LinkButton to={callToAction.primary.to} size="lg" variant="inverse">
              {callToAction.primary.label}
            </LinkButton>
            <LinkButton
              to={callToAction.secondary.to}
              size="lg"
              variant="inverse-outline"
            >
              {callToAction.secondary.label}
            </LinkButton>
          </div>
        </div>
      </div>
    </section>
  )
}
