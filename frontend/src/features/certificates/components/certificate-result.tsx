import { BadgeCheck, Ban, CircleX, RefreshCw } from 'lucide-react'
import type { ReactNode } from 'react'

import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import type { Certificate } from '@/features/certificates/types'
import { CertificateDownloads, CertificateShare } from '@/features/certificates/components/certificate-actions'
import { CertificateDetails } from '@/features/certificates/components/certificate-details'
import { certificateImageAlt, isEliminated, VERDICTS } from '@/features/certificates/display'
import { formatDateIst } from '@/lib/format'

export const NOT_FOUND_MESSAGE = 'Verification failed. This certification ID is invalid.'
export const REVOKED_MESSAGE = 'This certificate has been revoked.'

/** The lookup could not be made (Django refused the page, e.g. 429: too many checks). */
export type LookupFailure = { status: number; message: string; retryAfter?: number }

type CertificateResultProps = {
  /** The record, or null: no such certificate (the page's `refusal`), or `failure`. */
  certificate: Certificate | null
  failure?: LookupFailure
  /** The brand from site settings: LinkedIn's organisation name. */
  organizationName: string
  /** Asks again (the page's loader), after a failure. */
  onRetry: () => void
  retrying: boolean
}

function waitText(seconds: number | undefined): string {
  if (!seconds) return 'Please wait a little and try again.'
  if (seconds < 90) return `Try again in ${seconds} seconds.`
  return `Try again in ${Math.ceil(seconds / 60)} minutes.`
}

function ResultHeading({ icon, tone, title, children }: { icon: ReactNode; tone: 'success' | 'danger' | 'neutral'; title: string; children?: ReactNode }) {
  const tones = {
    success: 'bg-success-bg text-success',
    danger: 'bg-danger-bg text-danger',
    neutral: 'bg-brand-50 text-brand-700',
  }
  return (
    <div className="flex items-start gap-3">
      <span className={`flex size-11 shrink-0 items-center justify-center rounded-full ${tones[tone]}`}>{icon}</span>
      <div className="flex flex-col gap-0.5">
        <h2 id="result-heading" className="text-xl font-bold text-ink">
          {title}
        </h2>
        {children && <p className="text-sm text-ink-muted">{children}</p>}
      </div>
    </div>
  )
}

function issuedLine(certificate: Certificate, issuer: string): string | undefined {
  const name = certificate.name.trim()
  const date = certificate.issue_date ? formatDateIst(certificate.issue_date) : undefined
  const by = issuer.trim() ? ` by ${issuer.trim()}` : ''
  if (name && date) return `Issued to ${name} on ${date}${by}.`
  if (name) return `Issued to ${name}${by}.`
  if (date) return `Issued on ${date}${by}.`
  return by ? `Issued${by}.` : undefined
}

/** The verdict first: Verified, Not verified (e.g. not awarded) or Revoked. */
function FoundSummary({ certificate, issuer }: { certificate: Certificate; issuer: string }) {
  const iconProps = { className: 'size-6', 'aria-hidden': true, width: 24, height: 24 } as const
  if (certificate.status === 'revoked') {
    return (
      <ResultHeading icon={<Ban {...iconProps} />} tone="danger" title={VERDICTS.revoked}>
        Certificate {certificate.certificate_id} is no longer valid.
      </ResultHeading>
    )
  }
  if (certificate.verified) {
    return (
      <ResultHeading icon={<BadgeCheck {...iconProps} />} tone="success" title={VERDICTS.verified}>
        {issuedLine(certificate, issuer)}
      </ResultHeading>
    )
  }
  return (
    <ResultHeading icon={<CircleX {...iconProps} />} tone="danger" title={VERDICTS.notVerified}>
      {isEliminated(certificate) ? 'No certificate was awarded for this record.' : 'This record is not a verified certificate.'}
    </ResultHeading>
  )
}

/** The certificate itself (its PNG), full width on a phone. */
function CertificateImage({ certificate, issuer }: { certificate: Certificate; issuer: string }) {
  const src = certificate.downloads.certificate_png
  if (!certificate.verified || !src) return null
  return (
    <img
      src={src}
      alt={certificateImageAlt(certificate, issuer)}
      // The PNG is A4 landscape, 2000 x 1414: the space is kept while it loads.
      width={2000}
      height={1414}
      decoding="async"
      className="block h-auto w-full max-w-full rounded-control border border-line bg-surface-muted shadow-card"
    />
  )
}

/**
 * The lookup's every outcome, as the page's loader brought it: found (verified, not
 * verified, revoked), not found, rate-limited. The headline sits in a polite live region
 * so the outcome is announced; the table and actions follow it.
 */
export function CertificateResult({ certificate, failure, organizationName, onRetry, retrying }: CertificateResultProps) {
  let status: ReactNode
  let body: ReactNode
  if (failure) {
    const limited = failure.status === 429
    status = (
      <Alert tone="error" title={limited ? 'Too many checks' : 'We could not check this certificate'}>
        {failure.message} {limited && waitText(failure.retryAfter)}
      </Alert>
    )
    body = (
      <div>
        <Button variant="secondary" onClick={onRetry} pending={retrying}>
          {!retrying && <RefreshCw className="size-4" aria-hidden="true" width={16} height={16} />}
          Try again
        </Button>
      </div>
    )
  } else if (!certificate) {
    status = (
      <p className="flex items-start gap-2 text-lg font-semibold text-danger">
        <CircleX className="mt-0.5 size-6 shrink-0" aria-hidden="true" width={24} height={24} />
        <span>{NOT_FOUND_MESSAGE}</span>
      </p>
    )
    body = (
      <p className="text-ink-muted">
        Check the ID against the certificate: it is printed at the bottom, under “Certificate ID”. Letters and digits
        that look alike (O and 0, I and 1) are a common mix-up.
      </p>
    )
  } else {
    status = <FoundSummary certificate={certificate} issuer={organizationName} />
    body = (
      <>
        {certificate.status === 'revoked' && (
          <Alert tone="error" title={REVOKED_MESSAGE}>
            {certificate.revoked_reason.trim() ? `Reason: ${certificate.revoked_reason.trim()}` : 'No reason was given.'}
          </Alert>
        )}
        <CertificateImage certificate={certificate} issuer={organizationName} />
        <CertificateDetails certificate={certificate} issuer={organizationName} />
        <CertificateDownloads certificate={certificate} />
        {certificate.verified && <CertificateShare certificate={certificate} organizationName={organizationName} />}
      </>
    )
  }

  return (
    <section aria-labelledby={certificate ? 'result-heading' : undefined} aria-label={certificate ? undefined : 'Verification result'} className="flex flex-col gap-5">
      <div role="status" aria-live="polite">
        {status}
      </div>
      {body}
    </section>
  )
}
