import { ChevronDown } from 'lucide-react'
import { useId, useState, type ReactNode } from 'react'

import { cn } from '@/lib/cn'

export type AccordionItem = {
  id: string
  title: string
  content: ReactNode
  icon?: ReactNode
}

type AccordionProps = {
  items: readonly AccordionItem[]
  /** Heading level of each item's title, to fit the page outline. */
  headingLevel?: 2 | 3 | 4
  defaultOpen?: readonly string[]
  className?: string
}

/**
 * The WAI-ARIA accordion pattern: each header is a real <button> with aria-expanded and
 * aria-controls, inside a heading; panels are regions labelled by their button. Native
 * buttons give Enter/Space and Tab order for free. Several panels may be open at once.
 */
export function Accordion({ items, headingLevel = 3, defaultOpen = [], className }: AccordionProps) {
  const baseId = useId()
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set(defaultOpen))
  const Heading = `h${headingLevel}` as const

  function toggle(id: string) {
    setOpen((current) => {
      const next = new Set(current)
      if (next.has(id)) next.delete(id)
      else next.add(id)
      return next
    })
  }

  return (
    <div className={cn('divide-y divide-line rounded-card border border-line bg-white shadow-card', className)}>
      {items.map((item) => {
        const expanded = open.has(item.id)
        const buttonId = `${baseId}-${item.id}-button`
        const panelId = `${baseId}-${item.id}-panel`
        return (
          <div key={item.id}>
            <Heading className="m-0">
              <button
                type="button"
                id={buttonId}
                aria-expanded={expanded}
                aria-controls={panelId}
                onClick={() => toggle(item.id)}
                className="flex min-h-14 w-full items-center gap-3 px-4 py-3 text-left text-base font-semibold text-ink hover:bg-surface-muted sm:px-5"
              >
                {item.icon && <span className="shrink-0 text-brand-600">{item.icon}</span>}
                <span className="flex-1">{item.title}</span>
                <ChevronDown
                  className={cn('size-5 shrink-0 text-ink-muted transition-transform', expanded && 'rotate-180')}
                  aria-hidden="true"
                  width={20}
                  height={20}
                />
              </button>
            </Heading>
            <div
              id={panelId}
              role="region"
              aria-labelledby={buttonId}
              hidden={!expanded}
              className="px-4 pb-5 text-ink-muted sm:px-5"
            >
              {item.content}
            </div>
          </div>
        )
      })}
    </div>
  )
}
