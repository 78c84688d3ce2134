import { Check, MessageSquare } from 'lucide-react'

import { LinkButton } from '@/components/ui/link-button'
import { quotePath } from '@/config/paths'
import type { ProjectPackage } from '@/features/catalog/types'

/** A project package: price in US dollars (as the company lists them), features, Get Quote. */
export function PackageCard({ item }: { item: ProjectPackage }) {
  return (
    <article className="flex h-full flex-col gap-5 rounded-card border border-line bg-white p-6 shadow-card">
      <div className="flex flex-col gap-2">
        <h3 className="text-xl font-bold text-ink">{item.name}</h3>
        <p className="text-ink-muted">{item.summary}</p>
      </div>
      <p className="flex items-baseline gap-1.5">
        <span className="text-sm text-ink-muted">From</span>
        <span className="text-4xl font-extrabold tracking-tight text-brand-900">{item.price_usd_display}</span>
        <span className="text-sm font-semibold text-ink-muted">USD</span>
      </p>
      <ul className="flex flex-1 flex-col gap-2.5" aria-label={`${item.name} includes`}>
        {item.features.map((feature) => (
          <li key={feature} className="flex items-start gap-2.5 text-ink">
            <Check className="mt-0.5 size-5 shrink-0 text-success" aria-hidden="true" width={20} height={20} />
            {feature}
          </li>
        ))}
      </ul>
      <LinkButton to={quotePath(item.slug)} size="lg" className="w-full" aria-label={`Get Quote: ${item.name}`}>
        <MessageSquare className="size-5" aria-hidden="true" width={20} height={20} />
        Get Quote
      </LinkButton>
    </article>
  )
}
