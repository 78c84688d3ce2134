import { Download, QrCode, ScanSearch, Share2 } from 'lucide-react'

const points = [
  {
    Icon: ScanSearch,
    title: 'Find the ID',
    body: 'Every certificate and letter of recommendation we issue carries a unique certificate ID and a QR code.',
  },
  {
    Icon: QrCode,
    title: 'Or scan the QR code',
    body: 'The code opens this page with the result already shown, so anyone can check a certificate in seconds.',
  },
  {
    Icon: Download,
    title: 'Download your copy',
    body: 'For a verified certificate you can download it as PNG or PDF — and the letter of recommendation for 30-day internships.',
  },
  {
    Icon: Share2,
    title: 'Share it',
    body: 'Copy the link for your CV, or add the certificate to your LinkedIn profile in one click.',
  },
] as const

/** The side panel of the verify page: what the check is and where the ID is. */
export function VerifyHelp() {
  return (
    <section aria-labelledby="verify-help-heading" className="rounded-card border border-line bg-surface-muted p-5 sm:p-6">
      <h2 id="verify-help-heading" className="text-lg font-bold text-ink">
        How verification works
      </h2>
      <ul className="mt-4 flex flex-col gap-4">
        {points.map(({ Icon, title, body }) => (
          <li key={title} className="flex gap-3">
            <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-white text-brand-700 shadow-xs">
              <Icon className="size-5" aria-hidden="true" width={20} height={20} />
            </span>
            <div className="flex flex-col gap-0.5">
              <h3 className="font-semibold text-ink">{title}</h3>
              <p className="text-sm text-ink-muted">{body}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  )
}
