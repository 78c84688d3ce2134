import { FileDown } from 'lucide-react'

import { Button } from '@/components/ui/button'

const columns = [
  { name: 'CertificateID', body: 'Required and unique in the file. Letters, digits, -, _ and /; stored in capitals.' },
  { name: 'Course', body: 'Shown as Domain. Write Eliminated for a participant who did not complete (verified shows False).' },
  { name: 'Duration', body: 'For example 30 Days (these also get a letter of recommendation) or 3 Months.' },
  { name: 'Name', body: 'The name printed on the certificate.' },
] as const

const SAMPLE_CSV = [
  'CertificateID,Course,Duration,Name,IssueDate',
  'WD-2025-0001,Web Development,30 Days,Asha Verma,2025-03-26',
  'PY-2025-0002,Python,3 Months,Ravi Kumar,2025-04-02',
  'WD-2025-0003,Eliminated,30 Days,Sample Student,',
].join('\r\n')

/** A template to start from, made in the browser (nothing is fetched). */
function downloadTemplate() {
  const url = URL.createObjectURL(new Blob(['\ufeff', SAMPLE_CSV, '\r\n'], { type: 'text/csv;charset=utf-8' }))
  const link = document.createElement('a')
  link.href = url
  link.download = 'certificates-template.csv'
  document.body.append(link)
  link.click()
  link.remove()
  window.setTimeout(() => URL.revokeObjectURL(url), 1000)
}

/** What the file must look like: the side panel of /test. */
export function CsvFormat() {
  return (
    <section aria-labelledby="csv-format-heading" className="flex flex-col gap-4 rounded-card border border-line bg-surface-muted p-5 sm:p-6">
      <h2 id="csv-format-heading" className="text-lg font-bold text-ink">
        File format
      </h2>
      <p className="text-sm text-ink-muted">
        The first line names the columns, in any order. Names match ignoring capitals, spaces and underscores
        (<code className="font-mono text-ink">certificate_id</code> and <code className="font-mono text-ink">Certificate ID</code>{' '}
        both work).
      </p>
      <dl className="flex flex-col gap-3">
        {columns.map((column) => (
          <div key={column.name} className="flex flex-col gap-0.5">
            <dt className="font-mono text-sm font-semibold text-brand-800">{column.name}</dt>
            <dd className="text-sm text-ink-muted">{column.body}</dd>
          </div>
        ))}
        <div className="flex flex-col gap-0.5">
          <dt className="font-mono text-sm font-semibold text-brand-800">
            IssueDate <span className="font-sans font-normal text-ink-muted">(optional)</span>
          </dt>
          <dd className="text-sm text-ink-muted">As 2025-03-26. Printed on the certificate and used for LinkedIn.</dd>
        </div>
      </dl>
      <ul className="flex list-disc flex-col gap-1 pl-5 text-sm text-ink-muted">
        <li>Save as CSV UTF-8 (Excel: File, Save As, “CSV UTF-8”).</li>
        <li>Other cells may be empty; the verify page shows “-” for them.</li>
        <li>An ID that already exists is updated with the new values.</li>
        <li>Any bad row stops the whole import: nothing is written until the file is clean.</li>
      </ul>
      <Button variant="secondary" onClick={downloadTemplate} className="self-start">
        <FileDown className="size-4" aria-hidden="true" width={16} height={16} />
        Download a template
      </Button>
    </section>
  )
}
