import { Copy, Smartphone } from 'lucide-react'
import { useState } from 'react'

import { buttonClasses } from '@/components/ui/button-styles'
import { Button } from '@/components/ui/button'
import { copyText } from '@/lib/clipboard'
import type { components } from '@/api/schema'
import { useHydrated } from '@/lib/use-hydrated'

type PaymentInstructions = components['schemas']['PaymentInstructionsOut']

/**
 * How to pay with UPI: the deep link (opens a UPI app on phones), and for desktops, where
 * `upi://` opens nothing, the QR code of the same link and the payee ID to copy. On narrow
 * screens the QR code comes last: there the Pay button is the way.
 */
export function UpiPaymentPanel({ payment }: { payment: PaymentInstructions }) {
  const hydrated = useHydrated()
  const [copyMessage, setCopyMessage] = useState<{ ok: boolean; text: string }>()

  async function copyPayee() {
    const ok = await copyText(payment.payee_id)
    setCopyMessage(
      ok
        ? { ok, text: 'UPI ID copied.' }
        : { ok, text: 'Could not copy. Select the UPI ID and copy it manually.' },
    )
  }

  return (
    <div className="grid gap-8 rounded-card border border-line bg-surface p-6 shadow-sm sm:p-8 md:grid-cols-[auto_1fr] md:items-center">
      <figure className="order-last mx-auto flex flex-col items-center gap-3 md:order-first">
        <img
          src={payment.qr_url}
          width={220}
          height={220}
          alt={`QR code to pay ${payment.amount_display} to ${payment.payee_name} with UPI`}
          className="rounded-control border border-line bg-white p-2"
        />
        <figcaption className="text-sm text-ink-muted">Scan with any UPI app</figcaption>
      </figure>
      <div className="grid gap-6">
      <dl className="grid gap-4 text-base">
        <div>
          <dt className="text-sm font-medium text-ink-muted">Amount</dt>
          <dd className="text-3xl font-bold text-ink">{payment.amount_display}</dd>
        </div>
        <div>
          <dt className="text-sm font-medium text-ink-muted">Pay to</dt>
          <dd className="font-semibold text-ink">{payment.payee_name}</dd>
        </div>
        <div>
          <dt className="text-sm font-medium text-ink-muted">UPI ID</dt>
          <dd>
            <div className="flex flex-wrap items-center gap-3">
              <span className="select-all font-mono text-lg text-ink">{payment.payee_id}</span>
              {hydrated && (
                <Button type="button" variant="secondary" onClick={() => void copyPayee()}>
                  <Copy className="size-4" aria-hidden="true" width={16} height={16} />
                  Copy UPI ID
                </Button>
              )}
            </div>
            <p role="status" aria-live="polite" className={copyMessage?.ok === false ? 'mt-2 text-sm text-danger' : 'mt-2 text-sm text-success'}>
              {copyMessage?.text}
            </p>
          </dd>
        </div>
        <div>
          <dt className="text-sm font-medium text-ink-muted">Note</dt>
          <dd className="text-ink">{payment.note}</dd>
        </div>
      </dl>
      <a href={payment.upi_link} className={buttonClasses('primary', 'lg', 'w-full sm:w-auto sm:justify-self-start')}>
        <Smartphone className="size-5" aria-hidden="true" width={20} height={20} />
        Pay {payment.amount_display} with UPI
      </a>
      </div>
    </div>
  )
}
