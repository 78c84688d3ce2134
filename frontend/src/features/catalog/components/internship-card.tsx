import { Bot, BrainCircuit, Briefcase, Coffee, Cpu, Globe, Palette, Smartphone, Terminal, type LucideIcon } from 'lucide-react'
import { Link, href } from 'react-router'

import { buttonClasses } from '@/components/ui/button-styles'
import type { InternshipDomain } from '@/features/catalog/types'
import { UnavailableAction } from '@/features/catalog/components/unavailable-action'
import { cn } from '@/lib/cn'

/** Staff pick an icon name in the admin; unknown names fall back to a briefcase. */
const icons: Record<string, LucideIcon> = {
  web: Globe,
  android: Smartphone,
  iot: Cpu,
  uiux: Palette,
  python: Terminal,
  ml: BrainCircuit,
  ai: Bot,
  java: Coffee,
}

/** Where Apply Now leads: the domain's application page (docs/product.md section 14). */
function applyPath(domain: Pick<InternshipDomain, 'slug'>): string {
  return href('/internship/apply/:slug', { slug: domain.slug })
}

export function InternshipCard({ domain }: { domain: InternshipDomain }) {
  const Icon = icons[domain.icon] ?? Briefcase
  const open = domain.is_open
  return (
    <article
      className={cn(
        'flex h-full flex-col gap-3 rounded-card border p-6 shadow-card',
        open ? 'border-line bg-white' : 'border-dashed border-slate-300 bg-surface-muted',
      )}
    >
      <div className="flex items-center justify-between gap-3">
        <span className={cn('flex size-12 items-center justify-center rounded-xl', open ? 'bg-brand-50 text-brand-700' : 'bg-slate-200 text-slate-600')}>
          <Icon className="size-6" aria-hidden="true" width={24} height={24} />
        </span>
        <span
          className={cn(
            'rounded-full px-2.5 py-0.5 text-xs font-semibold',
            open ? 'bg-success-bg text-success' : 'bg-slate-200 text-slate-700',
          )}
        >
          {open ? 'Open' : 'Not open'}
        </span>
      </div>
      <h3 className="text-lg font-bold text-ink">{domain.title}</h3>
      {domain.duration && <p className="-mt-2 text-sm font-semibold text-ink-muted">{domain.duration}</p>}
      <p className="flex-1 text-ink-muted">{domain.summary}</p>
      <div className="pt-2">
        {open ? (
          <Link to={applyPath(domain)} className={buttonClasses('primary', 'md')} aria-label={`Apply Now: ${domain.title} internship`}>
            Apply Now
          </Link>
        ) : (
          <UnavailableAction label="Apply Now" reason={domain.disabled_reason || 'Applications are not open yet.'} />
        )}
      </div>
    </article>
  )
}
