import type { Tournament } from '@/features/catalog/types'
import { EventStatus } from '@/features/catalog/components/event-status'
import { formatEventDates } from '@/features/catalog/utils/dates'

const th = 'px-4 py-3 text-sm font-semibold'
const td = 'px-4 py-4 align-top'

/** The tournaments of an event: a table on wide screens, one card each on narrow ones. */
export function TournamentTable({ tournaments, caption }: { tournaments: readonly Tournament[]; caption: string }) {
  return (
    <>
      <ul className="flex flex-col gap-3 sm:hidden">
        {tournaments.map((tournament) => (
          <li key={tournament.name} className="rounded-card border border-line bg-white p-5 shadow-card">
            <div className="flex items-start justify-between gap-3">
              <h3 className="font-bold text-ink">{tournament.name}</h3>
              <EventStatus status={tournament.status} className="shrink-0" />
            </div>
            <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
              <dt className="text-ink-muted">Date</dt>
              <dd className="font-semibold text-ink">{formatEventDates(tournament.starts_on)}</dd>
              <dt className="text-ink-muted">Entry fee</dt>
              <dd className="font-semibold text-ink">{tournament.entry_fee_display}</dd>
              <dt className="text-ink-muted">Prize pool</dt>
              <dd className="font-semibold text-ink">{tournament.prize_pool || '-'}</dd>
            </dl>
          </li>
        ))}
      </ul>
      <div className="hidden overflow-hidden rounded-card border border-line bg-white shadow-card sm:block">
        <table className="w-full border-collapse text-left">
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-brand-800 text-white">
            <tr>
              <th scope="col" className={th}>
                Tournament
              </th>
              <th scope="col" className={th}>
                Date
              </th>
              <th scope="col" className={th}>
                Entry fee
              </th>
              <th scope="col" className={th}>
                Prize pool
              </th>
              <th scope="col" className={th}>
                Status
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {tournaments.map((tournament) => (
              <tr key={tournament.name} className="even:bg-surface-muted">
                <th scope="row" className={`${td} font-semibold text-ink`}>
                  {tournament.name}
                </th>
                <td className={`${td} whitespace-nowrap text-ink`}>{formatEventDates(tournament.starts_on)}</td>
                <td className={`${td} font-medium text-ink`}>{tournament.entry_fee_display}</td>
                <td className={`${td} font-medium text-ink`}>{tournament.prize_pool || '-'}</td>
                <td className={td}>
                  <EventStatus status={tournament.status} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  )
}
