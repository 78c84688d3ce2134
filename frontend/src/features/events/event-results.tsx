import { Trophy } from 'lucide-react'

import type { EventResult } from '@/features/events/types'

/** The published results on an event's page: each place with its team (or entrant), per tournament. */
export function EventResults({ results }: { results: readonly EventResult[] }) {
  if (results.length === 0) return null
  const groups = new Map<string, EventResult[]>()
  for (const result of results) groups.set(result.tournament, [...(groups.get(result.tournament) ?? []), result])
  return (
    <section aria-labelledby="results-heading" className="flex flex-col gap-5" data-testid="event-results">
      <h2 id="results-heading" className="text-title font-bold text-ink">
        Results
      </h2>
      {[...groups].map(([tournament, rows]) => (
        <div key={tournament || 'event'} className="flex flex-col gap-3">
          {tournament && <h3 className="text-lg font-bold text-ink">{tournament}</h3>}
          <ol className="flex flex-col gap-2">
            {rows.map((row) => (
              <li
                key={`${row.rank}-${row.name}`}
                className="flex items-center gap-3 rounded-card border border-line bg-white p-4 shadow-card"
              >
                <Trophy className="size-5 shrink-0 text-accent-700" aria-hidden="true" width={20} height={20} />
                <span className="font-bold text-ink">{row.place}</span>
                <span className="text-ink">{row.name}</span>
              </li>
            ))}
          </ol>
        </div>
      ))}
    </section>
  )
}
