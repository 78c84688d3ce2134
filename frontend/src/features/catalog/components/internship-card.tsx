import { Bot, BrainCircuit, Briefcase, Coffee, Cpu, ExternalLink, Globe, Palette, Smartphone, Terminal, type LucideIcon } from 'lucide-react'
import { Link } from 'react-router'

import { buttonClasses } from '@/components/ui/button-styles'
import type { InternshipDomain } from '@/features/catalog/api/get-internship-domains'
import { UnavailableAction } from '@/features/catalog/components/unavailable-action'
import { isInternalPath } from '@/features/catalog/utils/links'
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

function ApplyLink({ domain, url }: { domain: InternshipDomain; url: string }) {
  const classes = buttonClasses('primary', 'md')
  if (isInternalPath(url)) {
    return (
      <Link to={url} className={classes} aria-label={`Apply Now: ${domain.title} internship`}>
        Apply Now
      </Link>
    )
  }
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      className={classes}
      aria-label={`Apply Now: ${domain.title} internship (opens in a new tab)`}
    >
      Apply Now
      <ExternalLink className="size-4" aria-hidden="true" width={16} height={16} />
    </a>
  )
}

export function InternshipCard({ domain }: { domain: InternshipDomain }) {
  const Icon = icons[domain.icon] ?? Briefcase
  const open = domain.is_open && domain.apply_url
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
      <p className="flex-1 text-ink-muted">{domain.summary}</p>
      <div className="pt-2">
        {open ? (
          <ApplyLink domain={domain} url={domain.apply_url as string} />
        ) : (
          <UnavailableAction label="Apply Now" reason={domain.disabled_reason || 'Applications are not open yet.'} />
        )}
      </div>
    </article>
  )
}
