import { Check } from 'lucide-react'
import type { ReactNode } from 'react'

type AuthLayoutProps = {
  eyebrow: string
  title: string
  intro: string
  /** Short reasons to have an account, shown beside the form. */
  points: readonly string[]
  /** Above the form, e.g. "Successfully signed up" carried over from sign-up. */
  notice?: ReactNode
  /** Under the card: the link to the other form. */
  footer: ReactNode
  children: ReactNode
}

/** The login and sign-up pages: the page's h1 and reasons on one side, the form card on the other. */
export function AuthLayout({ eyebrow, title, intro, points, notice, footer, children }: AuthLayoutProps) {
  return (
    <div className="bg-gradient-to-b from-brand-50 to-white">
      <div className="container-page grid gap-8 py-10 sm:py-14 lg:grid-cols-[1fr_28rem] lg:items-start lg:gap-16 lg:py-20">
        <div className="flex flex-col gap-4 lg:pt-6">
          <p className="text-sm font-semibold tracking-wide text-accent-700 uppercase">{eyebrow}</p>
          <h1 className="text-display font-extrabold text-brand-950">{title}</h1>
          <p className="max-w-xl text-lg text-ink-muted">{intro}</p>
          <ul className="mt-2 hidden flex-col gap-3 text-ink sm:flex">
            {points.map((point) => (
              <li key={point} className="flex items-start gap-3">
                <span className="mt-0.5 flex size-6 shrink-0 items-center justify-center rounded-full bg-success-bg text-success">
                  <Check className="size-4" aria-hidden="true" width={16} height={16} />
                </span>
                <span>{point}</span>
              </li>
            ))}
          </ul>
        </div>
        <div className="flex flex-col gap-5">
          {notice}
          <div className="rounded-card border border-line bg-white p-5 shadow-card sm:p-8">{children}</div>
          <div className="text-center text-ink-muted">{footer}</div>
        </div>
      </div>
    </div>
  )
}
