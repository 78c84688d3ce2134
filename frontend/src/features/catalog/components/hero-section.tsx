import { ArrowRight, Check } from 'lucide-react'

import { LinkButton } from '@/components/ui/link-button'
import type { ProjectPackage } from '@/features/catalog/types'
import { HeroIllustration } from '@/features/catalog/components/illustrations'
import { TypedPhrases } from '@/features/catalog/components/typed-phrases'
import { hero } from '@/features/catalog/content/home'
import { useSite } from '@/lib/page-data'

/** `packages`: the project packages, for what projects start from (the cheapest's price). */
export function HeroSection({ packages }: { packages: readonly ProjectPackage[] }) {
  const site = useSite()
  const cheapest = packages.length ? packages.reduce((low, item) => (item.price_usd < low.price_usd ? item : low)) : undefined
  const assurance = cheapest ? [...hero.assurance, hero.projectsFrom(cheapest.price_usd_display)] : hero.assurance
  return (
    <section aria-labelledby="hero-heading" className="relative overflow-hidden bg-gradient-to-b from-brand-50 to-white">
      <div className="container-page grid items-center gap-10 py-12 sm:py-16 lg:grid-cols-[1.1fr_0.9fr] lg:py-24">
        <div className="flex flex-col gap-6">
          <p className="w-fit rounded-full bg-white px-3 py-1 text-sm font-semibold text-brand-800 shadow-xs ring-1 ring-brand-100">
            {hero.eyebrow}
          </p>
          <h1 id="hero-heading" className="text-display font-extrabold text-brand-950">
            {hero.title}
          </h1>
          <div className="min-h-[3.5rem] sm:min-h-[2rem]">
            <TypedPhrases phrases={site?.typed_phrases ?? []} prefix={hero.typedPrefix} />
          </div>
          <p className="max-w-xl text-lg leading-relaxed text-ink-muted">{hero.intro}</p>
          <div className="flex flex-col gap-3 sm:flex-row">
            <LinkButton to={hero.primaryCta.to} size="lg">
              {hero.primaryCta.label}
              <ArrowRight className="size-5" aria-hidden="true" width={20} height={20} />
            </LinkButton>
            <LinkButton to={hero.secondaryCta.to} size="lg" variant="secondary">
              {hero.secondaryCta.label}
            </LinkButton>
          </div>
          <ul className="flex flex-wrap gap-x-5 gap-y-2 text-sm text-ink-muted">
            {assurance.map((point) => (
              <li key={point} className="flex items-center gap-1.5">
                <Check className="size-4 text-success" aria-hidden="true" width={16} height={16} />
                {point}
              </li>
            ))}
          </ul>
        </div>
        <HeroIllustration className="mx-auto hidden h-auto w-full max-w-md sm:block lg:max-w-none" />
      </div>
    </section>
  )
}
