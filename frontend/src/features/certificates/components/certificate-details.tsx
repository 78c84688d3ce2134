import type { Certificate } from '@/features/certificates/types'
import verifiedTick from '@/features/certificates/assets/verified-tick.svg'
import { isEliminated, NOT_AWARDED } from '@/features/certificates/display'
import { formatDateIst } from '@/lib/format'

/** An empty field shows as "-", as on the old page. */
function shown(value: string | null | undefined): string {
  const text = value?.trim()
  return text ? text : '-'
}

/**
 * The record as a two-column table: Name (the holder), Domain (the course, or "Not
 * awarded…" for Eliminated), Duration, Issue date, Issuer (the brand), Certificate ID,
 * Verified. Verified is a tick image (alt "Verified") or the word False (Eliminated or
 * revoked).
 */
export function CertificateDetails({ certificate, issuer }: { certificate: Certificate; issuer: string }) {
  const rows: Array<[string, string]> = [
    ['Name', shown(certificate.name)],
    ['Domain', isEliminated(certificate) ? NOT_AWARDED : shown(certificate.domain)],
    ['Duration', shown(certificate.duration)],
    ['Issue date', certificate.issue_date ? formatDateIst(certificate.issue_date) : '-'],
    ['Issuer', shown(issuer)],
    ['Certificate ID', shown(certificate.certificate_id)],
  ]
  return (
    <div className="overflow-hidden rounded-control border border-line">
      <table className="w-full border-collapse text-left">
        <caption className="sr-only">Certificate details</caption>
        <tbody className="divide-y divide-line">
          {rows.map(([label, value]) => (
            <tr key={label} className="flex flex-col sm:table-row">
              <th scope="row" className="px-4 pt-3 text-sm font-medium text-ink-muted sm:w-44 sm:bg-surface-muted sm:py-3.5 sm:font-semibold">
                {label}
              </th>
              <td className="px-4 pb-3 font-semibold break-words text-ink sm:py-3.5 sm:pl-5">{value}</td>
            </tr>
          ))}
          <tr className="flex flex-col sm:table-row">
            <th scope="row" className="px-4 pt-3 text-sm font-medium text-ink-muted sm:w-44 sm:bg-surface-muted sm:py-3.5 sm:font-semibold">
              Verified
            </th>
            <td className="px-4 pb-3 font-semibold text-ink sm:py-3.5 sm:pl-5">
              {certificate.verified ? (
                <img src={verifiedTick} alt="Verified" width={28} height={28} className="size-7" />
              ) : (
                <span className="text-danger">False</span>
              )}
            </td>
          </tr>
        </tbody>
      </table>
    </div>
  )
}
