import { cn } from '@/lib/cn'

type SectionHeadingProps = {
  id: string
  title: string
  eyebrow?: string
  intro?: string
  align?: 'start' | 'center'
  className?: string
}

/** An h2 with an optional eyebrow and intro; `id` is for the section's aria-labelledby. */
export function SectionHeading({ id, title, eyebrow, intro, align = 'start', className }: SectionHeadingProps) {
  return (
    <div className={cn('flex max-w-2xl flex-col gap-3', align === 'center' && 'mx-auto items-center text-center', className)}>
      {eyebrow && <p className="text-sm font-semibold tracking-wide text-accent-700 uppercase">{eyebrow}</p>}
      <h2 id={id} className="text-title font-bold text-ink">
        {title}
      </h2>
      {intro && <p className="text-lg text-ink-muted">{intro}</p>}
    </div>
  )
}
