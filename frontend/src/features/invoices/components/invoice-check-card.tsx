import { CircleCheck } from 'lucide-react'

import type { InvoiceCheck } from '@/features/invoices/types'
import { formatDateIst } from '@/lib/format'

const RELATED_LABEL: Record<InvoiceCheck['kind'], string> = {
  tax_invoice: 'Reversed by credit note',
  receipt: 'Reversed by credit note',
  credit_note: 'Reverses invoice',
}

/**
 * The public facts of a document we issued: who issued it, its number, date and total, and
 * whom it was issued to (the name only). What someone holding the PDF compares it with.
 */
export function InvoiceCheckCard({ check }: { check: InvoiceCheck }) {
  const rows: [string, string][] = [
    ['Issued by', check.seller_legal_name],
    ...(check.seller_gstin ? ([['Seller GSTIN', check.seller_gstin]] as [string, string][]) : []),
    ['Number', check.number],
    ['Date', formatDateIst(check.date)],
    ['Total', check.total_display],
    ['Issued to', check.buyer_name],
  ]
  if (check.related) rows.push([RELATED_LABEL[check.kind], `${check.related.number} (${formatDateIst(check.related.date)})`])
  return (
    <section aria-labelledby="invoice-check-heading" className="flex max-w-2xl flex-col gap-5 rounded-card border border-line bg-white p-5 shadow-card sm:p-8">
      <div className="flex items-start gap-3">
        <CircleCheck className="mt-0.5 size-6 shrink-0 text-emerald-700" aria-hidden="true" width={24} height={24} />
        <div>
          <h2 id="invoice-check-heading" className="text-xl font-semibold text-ink">
            {check.title} {check.number} is genuine
          </h2>
          <p className="mt-1 text-ink-muted">We issued this {check.title.toLowerCase()}; its details are below. Compare them with the PDF you hold.</p>
        </div>
      </div>
      <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-[max-content_1fr]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-semibold text-ink">{label}</dt>
            <dd className="break-words text-ink-muted">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  )
}
