import { SocialIcon } from '@/components/ui/social-icon'
import { cn } from '@/lib/cn'

export type SocialLink = { label: string; url: string; icon: string }

type SocialLinksProps = {
  links: readonly SocialLink[]
  tone?: 'light' | 'dark'
  className?: string
}

const tones = {
  light: 'border border-line bg-white text-brand-800 hover:bg-brand-50',
  dark: 'bg-white/10 text-white hover:bg-white/20',
}

/** Icon links to the company's social pages; each opens in a new tab and says so. */
export function SocialLinks({ links, tone = 'light', className }: SocialLinksProps) {
  if (links.length === 0) return null
  return (
    <ul className={cn('flex flex-wrap gap-2', className)} aria-label="Social media">
      {links.map((link) => (
        <li key={link.url}>
          <a
            href={link.url}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`${link.label} (opens in a new tab)`}
            title={link.label}
            className={cn('inline-flex size-11 items-center justify-center rounded-control', tones[tone])}
          >
            <SocialIcon name={link.icon} />
          </a>
        </li>
      ))}
    </ul>
  )
}
