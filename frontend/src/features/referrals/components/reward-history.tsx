import { useId, useState } from 'react'
import { Link, href, useLocation } from 'react-router'

import { Button } from '@/components/ui/button'
import { buttonClasses } from '@/components/ui/button-styles'
import type { RewardEntry } from '@/features/referrals/types'
import { HISTORY_ALL, HISTORY_PARAM, searchWith } from '@/features/referrals/page-params'
import { cn } from '@/lib/cn'
import { formatDateIst } from '@/lib/format'
import { useHydrated } from '@/lib/use-hydrated'

/** How many lines show before "Show all": the latest are the ones people look for. */
export const HISTORY_PREVIEW = 10

function EntryRow({ entry }: { entry: RewardEntry }) {
  const negative = entry.signed_amount < 0
  return (
    <li className="flex items-start justify-between gap-3 py-3">
      <div className="flex min-w-0 flex-col gap-0.5">
        <p className="font-semibold break-words text-ink">{entry.note || entry.kind_display}</p>
        <p className="text-sm break-words text-ink-muted">
          {entry.course_name && <span>{entry.course_name}&nbsp;· </span>}
          <time dateTime={entry.created_at}>{formatDateIst(entry.created_at)}</time>
        </p>
        {entry.on_hold_until && (
          <p className="text-sm font-semibold text-brand-800">
            On hold until <time dateTime={entry.on_hold_until}>{entry.on_hold_until_display}</time>
          </p>
        )}
      </div>
      <p className={cn('shrink-0 font-bold whitespace-nowrap tabular-nums', negative ? 'text-ink' : 'text-success')}>
        {entry.signed_amount_display}
      </p>
    </li>
  )
}

/**
 * The account's reward ledger, newest first: credits, reversals and payouts with dates in IST.
 * The latest lines show first; "Show all" is a link to `?history=all` (the page without
 * JavaScript), a toggle with it.
 */
export function RewardHistory({ headingId, entries }: { headingId: string; entries: RewardEntry[] }) {
  const listId = useId()
  const hydrated = useHydrated()
  const { search } = useLocation()
  const allByAddress = new URLSearchParams(search).get(HISTORY_PARAM) === HISTORY_ALL
  const [showAll, setShowAll] = useState(allByAddress)

  let body
  if (entries.length === 0)
    body = (
      <p className="text-ink-muted">
        No rewards yet. When a friend enrols with your code and we confirm their payment, the reward shows up here.{' '}
        <Link to={href('/referearn')} className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900">
          How Refer &amp; Earn works
        </Link>
      </p>
    )
  else {
    const shown = showAll ? entries : entries.slice(0, HISTORY_PREVIEW)
    const longer = entries.length > HISTORY_PREVIEW
    const toggleText = showAll ? `Show the latest ${HISTORY_PREVIEW} only` : `Show all ${entries.length} entries`
    body = (
      <>
        <ul id={listId} className="flex flex-col divide-y divide-line">
          {shown.map((entry) => (
            <EntryRow key={entry.id} entry={entry} />
          ))}
        </ul>
        {longer && (
          <div>
            {hydrated ? (
              <Button variant="ghost" aria-expanded={showAll} aria-controls={listId} onClick={() => setShowAll((current) => !current)}>
                {toggleText}
              </Button>
            ) : (
              <Link
                to={{ search: searchWith(search, HISTORY_PARAM, showAll ? null : HISTORY_ALL), hash: headingId }}
                preventScrollReset
                className={buttonClasses('ghost')}
              >
                {toggleText}
              </Link>
            )}
          </div>
        )}
      </>
    )
  }

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3 rounded-card border border-line bg-white p-5 shadow-card sm:p-6">
      <h3 id={headingId} className="scroll-mt-24 text-lg font-bold text-ink">
        Reward history
      </h3>
      {body}
    </section>
  )
}
