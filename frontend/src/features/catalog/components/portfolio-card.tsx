import { Cpu, ExternalLink, Globe, LayoutGrid, Smartphone, type LucideIcon } from 'lucide-react'

import type { PortfolioItem } from '@/features/catalog/types'

const icons: Record<string, LucideIcon> = { web: Globe, app: Smartphone, iot: Cpu }

export function PortfolioCard({ item }: { item: PortfolioItem }) {
  const Icon = icons[item.category] ?? LayoutGrid
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-card border border-line bg-white shadow-card">
      {item.image_url ? (
        <img
          src={item.image_url}
          alt=""
          width={640}
          height={360}
          loading="lazy"
          decoding="async"
          className="aspect-video w-full border-b border-line object-cover"
        />
      ) : (
        <div aria-hidden="true" className="flex aspect-video w-full items-center justify-center border-b border-line bg-gradient-to-br from-brand-50 to-brand-100 text-brand-600">
          <Icon className="size-14" width={56} height={56} strokeWidth={1.5} />
        </div>
      )}
      <div className="flex flex-1 flex-col gap-3 p-6">
        <p className="w-fit rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-800">{item.category_label}</p>
        <h3 className="text-lg font-bold text-ink">{item.title}</h3>
        <p className="text-ink-muted">{item.summary}</p>
        {item.description && <p className="text-sm leading-relaxed text-ink-muted">{item.description}</p>}
        {item.tech_stack.length > 0 && (
          <ul className="mt-auto flex flex-wrap gap-1.5 pt-2" aria-label="Built with">
            {item.tech_stack.map((tech) => (
              <li key={tech} className="rounded-md border border-line bg-surface-muted px-2 py-0.5 text-xs font-medium text-ink">
                {tech}
              </li>
            ))}
          </ul>
        )}
        {item.link_url && (
          <a
            href={item.link_url}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`View the project: ${item.title} (opens in a new tab)`}
            className="inline-flex w-fit items-center gap-1.5 rounded-sm font-semibold text-brand-700 underline-offset-4 hover:text-brand-900 hover:underline"
          >
            View the project
            <ExternalLink className="size-4" aria-hidden="true" width={16} height={16} />
          </a>
        )}
      </div>
    </article>
  )
}
