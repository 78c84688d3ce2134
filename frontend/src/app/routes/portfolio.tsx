import { useState } from 'react'
import { href, useLoaderData } from 'react-router'

import { LinkButton } from '@/components/ui/link-button'
import { PageHeader } from '@/components/ui/page-header'
import { PortfolioCard } from '@/features/catalog/components/portfolio-card'
import { cn } from '@/lib/cn'
import type { Route } from './+types/portfolio'
import type { SharingHandle } from '@/server/cache-policy'
import { pageMeta } from '@/app/meta'
import { apiClient, unwrap } from '@/lib/api-client'
import type { HydrationHandle } from '@/lib/hydration'

/** The page's one call into Django: the frame and the portfolio. */
export async function loader() {
  return unwrap(apiClient.GET('/api/pages/portfolio'))
}

/** The same for every visitor without a session: a shared cache may keep it (src/server/cache-policy). */
// The page loads its scripts (src/lib/hydration.ts): the category filter (buttons that only work with JavaScript).
export const handle: SharingHandle & HydrationHandle = { sharing: 'page', hydrate: true }

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Portfolio',
    description: 'Websites, apps and IoT projects we have delivered for clients and students.',
  })

const ALL = ''

export default function Page() {
  const { portfolio: items } = useLoaderData<typeof loader>()
  const [category, setCategory] = useState(ALL)
  const categories = [...new Map(items.map((item) => [item.category, item.category_label])).entries()]
  const shown = category ? items.filter((item) => item.category === category) : items

  return (
    <>
      <PageHeader
        eyebrow="Portfolio"
        title="Our work"
        intro="Websites, apps and IoT projects we have built for clients and with our students."
      />
      <section aria-labelledby="portfolio-heading" className="container-page flex flex-col gap-6 py-10 sm:py-14">
        <h2 id="portfolio-heading" className="sr-only">
          Projects
        </h2>
        {items.length === 0 && (
          <p className="text-lg text-ink-muted">Our portfolio is being updated. Ask us for examples of work like yours.</p>
        )}
        {categories.length > 1 && (
          <div role="group" aria-label="Show projects of one kind" className="flex flex-wrap gap-2">
            {[[ALL, 'All'] as const, ...categories].map(([value, label]) => (
              <button
                key={value}
                type="button"
                aria-pressed={category === value}
                onClick={() => setCategory(value)}
                className={cn(
                  'min-h-11 rounded-full border px-4 text-sm font-semibold transition-colors',
                  category === value
                    ? 'border-brand-700 bg-brand-700 text-white'
                    : 'border-line bg-white text-brand-800 hover:bg-brand-50',
                )}
              >
                {label}
              </button>
            ))}
          </div>
        )}
        {shown.length > 0 && (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 lg:gap-6">
            {shown.map((item) => (
              <li key={item.slug}>
                <PortfolioCard item={item} />
              </li>
            ))}
          </ul>
        )}
        <div className="mt-6 flex flex-col items-start gap-3 rounded-card bg-surface-muted p-6 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-lg font-semibold text-ink">Want something like this built for you?</p>
          <div className="flex flex-wrap gap-3">
            <LinkButton to={href('/projects')} variant="secondary">
              See project packages
            </LinkButton>
            <LinkButton to={href('/getquote')}>Get a quote</LinkButton>
          </div>
        </div>
      </section>
    </>
  )
}
