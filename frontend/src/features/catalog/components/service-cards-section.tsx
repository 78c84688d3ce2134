import { ArrowRight, BadgeCheck, BookOpen, Briefcase, Cpu, Globe, Smartphone, type LucideIcon } from 'lucide-react'
import { Link } from 'react-router'

import { SectionHeading } from '@/components/ui/section-heading'
import { serviceCards, type CardIcon } from '@/features/catalog/content/home'

const icons: Record<CardIcon, LucideIcon> = {
  web: Globe,
  app: Smartphone,
  iot: Cpu,
  courses: BookOpen,
  internships: Briefcase,
  verify: BadgeCheck,
}

export function ServiceCardsSection() {
  return (
    <section aria-labelledby="cards-heading" className="section-y">
      <div className="container-page flex flex-col gap-10">
        <SectionHeading id="cards-heading" title={serviceCards.heading} intro={serviceCards.intro} align="center" />
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 lg:gap-6">
          {serviceCards.items.map((card) => {
            const Icon = icons[card.icon]
            return (
              <li
                key={card.title}
                className="group relative flex flex-col gap-3 rounded-card border border-line bg-white p-6 shadow-card transition-shadow focus-within:ring-3 focus-within:ring-brand-300 hover:shadow-lg"
              >
                <span className="flex size-12 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                  <Icon className="size-6" aria-hidden="true" width={24} height={24} />
                </span>
                <h3 className="text-lg font-bold text-ink">{card.title}</h3>
                <p className="flex-1 text-ink-muted">{card.body}</p>
                {/* The whole card is the click target; its name adds the card's title to the visible text. */}
                <Link
                  to={card.to}
                  aria-label={`${card.cta}: ${card.title}`}
                  className="inline-flex items-center gap-1.5 font-semibold text-brand-700 after:absolute after:inset-0 after:rounded-card focus-visible:outline-none group-hover:text-brand-900"
                >
                  {card.cta}
                  <ArrowRight className="size-4 transition-transform group-hover:translate-x-0.5" aria-hidden="true" width={16} height={16} />
                </Link>
              </li>
            )
          })}
        </ul>
      </div>
    </section>
  )
}
