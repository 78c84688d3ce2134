import type { ImportReport } from '@/features/certificates/types'
import { formatCount, plural } from '@/features/certificates/counts'
import { cn } from '@/lib/cn'

/** New / updated / unchanged (and rows read), as four figures. */
export function ImportCounts({ report, future }: { report: ImportReport; future: boolean }) {
  const figures = [
    { label: 'Rows in the file', value: report.rows, tone: 'text-ink' },
    { label: future ? 'New (to create)' : 'New (created)', value: report.created, tone: 'text-success' },
    { label: future ? 'Updated (to change)' : 'Updated', value: report.updated, tone: 'text-brand-700' },
    { label: 'Unchanged', value: report.unchanged, tone: 'text-ink-muted' },
  ]
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      {figures.map((figure) => (
        <div key={figure.label} className="flex flex-col-reverse gap-1 rounded-control border border-line bg-white p-4">
          <dt className="text-sm text-ink-muted">{figure.label}</dt>
          <dd className={cn('text-2xl font-bold tabular-nums', figure.tone)}>{formatCount(figure.value)}</dd>
        </div>
      ))}
    </dl>
  )
}

/**
 * Which CertificateIDs are behind each count: the server lists the first 50 of each, in
 * the file's order, and the count says how many more there are.
 */
export function ImportIds({ report, future }: { report: ImportReport; future: boolean }) {
  const groups = [
    { key: 'created', title: future ? 'New: will be created' : 'New: created', count: report.created, ids: report.created_ids },
    { key: 'updated', title: future ? 'Updated: will be changed' : 'Updated: changed', count: report.updated, ids: report.updated_ids },
    { key: 'unchanged', title: future ? 'Unchanged: will be left as they are' : 'Unchanged: left as they were', count: report.unchanged, ids: report.unchanged_ids },
  ].filter((group) => group.count > 0 && group.ids.length > 0)
  if (groups.length === 0) return null
  return (
    <section aria-labelledby="import-ids-heading" className="flex flex-col gap-3">
      <h3 id="import-ids-heading" className="text-base font-bold text-ink">
        {future ? 'Which certificates the import will touch' : 'Which certificates were imported'}
      </h3>
      {groups.map((group) => {
        const more = group.count - group.ids.length
        return (
          <section key={group.key} aria-labelledby={`import-ids-${group.key}`} className="flex flex-col gap-2 rounded-control border border-line bg-white p-4">
            <h4 id={`import-ids-${group.key}`} className="text-sm font-semibold text-ink">
              {group.title} ({formatCount(group.count)})
            </h4>
            <ul className="flex flex-wrap gap-2">
              {group.ids.map((certificateId) => (
                <li key={certificateId} className="rounded-control bg-surface-muted px-2 py-1 font-mono text-sm break-all text-ink">
                  {certificateId}
                </li>
              ))}
            </ul>
            {more > 0 && (
              <p className="text-sm text-ink-muted">
                … and {formatCount(more)} more (the first {formatCount(group.ids.length)} are listed).
              </p>
            )}
          </section>
        )
      })}
    </section>
  )
}

/** Every bad row the server listed (up to 200), and how many more there are. */
export function ImportErrors({ report }: { report: ImportReport }) {
  if (report.errors.length === 0) return null
  const more = report.error_count - report.errors.length
  return (
    <section aria-labelledby="import-errors-heading" className="flex flex-col gap-3">
      <h3 id="import-errors-heading" className="text-base font-bold text-ink">
        {plural(report.error_count, 'row to correct', 'rows to correct')}
      </h3>
      {/* Focusable so keyboard users can scroll a long list. */}
      <div
        role="region"
        aria-labelledby="import-errors-heading"
        tabIndex={0}
        className="max-h-[28rem] overflow-auto rounded-control border border-line focus-visible:outline-3 focus-visible:outline-brand-500"
      >
        {/* A table from 640 px; below that each row stacks (line and ID, then the problem). */}
        <table className="w-full border-collapse text-left text-sm">
          <thead className="sticky top-0 hidden bg-surface-muted sm:table-header-group">
            <tr>
              <th scope="col" className="w-16 px-3 py-2.5 font-semibold text-ink">
                Line
              </th>
              <th scope="col" className="px-3 py-2.5 font-semibold text-ink">
                CertificateID
              </th>
              <th scope="col" className="px-3 py-2.5 font-semibold text-ink">
                Problem
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {report.errors.map((error, index) => (
              <tr key={`${error.line}-${index}`} className="block px-3 py-2.5 align-top sm:table-row sm:p-0">
                <td className="inline pr-2 font-semibold text-ink tabular-nums before:content-['Line_'] sm:table-cell sm:px-3 sm:py-2.5 sm:before:content-none">
                  {error.line}
                </td>
                <td className="inline font-mono break-all text-ink sm:table-cell sm:px-3 sm:py-2.5 sm:break-normal sm:whitespace-nowrap">
                  {error.certificate_id || '-'}
                </td>
                <td className="mt-1 block text-danger sm:mt-0 sm:table-cell sm:px-3 sm:py-2.5">{error.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {report.errors_truncated && more > 0 && (
        <p className="text-sm font-medium text-ink-muted">
          … and {plural(more, 'more row', 'more rows')} with errors. Correct these and check the file again to see the rest.
        </p>
      )}
    </section>
  )
}

export function ImportWarnings({ warnings }: { warnings: readonly string[] }) {
  if (warnings.length === 0) return null
  return (
    <div className="rounded-control border border-accent-300 bg-accent-100/60 p-4 text-sm text-accent-800">
      <h3 className="font-semibold">{warnings.length === 1 ? 'Warning' : 'Warnings'}</h3>
      <ul className="mt-1 flex list-disc flex-col gap-1 pl-5">
        {warnings.map((warning) => (
          <li key={warning}>{warning}</li>
        ))}
      </ul>
    </div>
  )
}
