import { useId } from 'react'

import { cn } from '@/lib/cn'

type Section = { id: string; title: string }

type TableOfContentsProps = {
  sections: readonly Section[]
  title?: string
  className?: string
}

/** Links to the headings of a rich-text page; hidden when there is nothing to list. */
export function TableOfContents({ sections, title = 'On this page', className }: TableOfContentsProps) {
  const headingId = useId()
  if (sections.length === 0) return null
  return (
    <nav aria-labelledby={headingId} className={cn('rounded-card border border-line bg-surface-muted p-5', className)}>
      <h2 id={headingId} className="text-sm font-semibold tracking-wide text-ink uppercase">
        {title}
      </h2>
      <ol className="mt-3 flex flex-col gap-1 text-sm">
        {sections.map((section) => (
          <li key={section.id}>
            <a
              href={`#${section.id}`}
              className="block rounded-sm py-1 text-brand-700 underline-offset-4 hover:text-brand-900 hover:underline"
            >
              {section.title}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  )
}
