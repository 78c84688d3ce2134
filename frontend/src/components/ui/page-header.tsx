import type { ReactNode } from 'react'

type PageHeaderProps = { title: string; eyebrow?: string; intro?: ReactNode }

/** The top band of an inner page, with its h1 (which receives focus after navigation). */
export function PageHeader({ title, eyebrow, intro }: PageHeaderProps) {
  return (
    <div className="border-b border-line bg-gradient-to-b from-brand-50 to-white">
      <div className="container-page flex max-w-3xl flex-col gap-3 py-10 sm:py-14 lg:max-w-[var(--container-page)]">
        {eyebrow && <p className="text-sm font-semibold tracking-wide text-accent-700 uppercase">{eyebrow}</p>}
        <h1 className="text-display font-extrabold text-brand-950">{title}</h1>
        {intro && <div className="max-w-2xl text-lg text-ink-muted">{intro}</div>}
      </div>
    </div>
  )
}
