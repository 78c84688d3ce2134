import { Home } from 'lucide-react'
import { href } from 'react-router'

import { LinkButton } from '@/components/ui/link-button'

/** Rendered for every unknown path; the server has already answered it with 404. */
export function NotFoundPage() {
  return (
    <div className="container-page flex min-h-[60dvh] flex-col items-center justify-center gap-6 py-16 text-center">
      <svg viewBox="0 0 240 120" width="240" height="120" className="h-auto w-56" aria-hidden="true" focusable="false">
        <text x="120" y="96" textAnchor="middle" fontSize="110" fontWeight="800" fill="var(--color-brand-100)">
          404
        </text>
        <path d="m96 40-22 22 22 22m48-44 22 22-22 22" fill="none" stroke="var(--color-brand-700)" strokeWidth="9" strokeLinecap="round" strokeLinejoin="round" />
        <path d="M130 30 110 94" stroke="var(--color-accent-500)" strokeWidth="9" strokeLinecap="round" />
      </svg>
      <h1 className="text-title font-bold text-ink">We couldn’t find that page</h1>
      <p className="max-w-md text-lg text-ink-muted">
        The link may be old or mistyped. Check the address, or start again from the home page.
      </p>
      <LinkButton to={href('/')} size="lg">
        <Home className="size-5" aria-hidden="true" width={20} height={20} />
        Back to home
      </LinkButton>
    </div>
  )
}
