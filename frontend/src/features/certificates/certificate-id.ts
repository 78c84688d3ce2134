import { href } from 'react-router'

/** The one spelling of a certificate ID, as the server stores it: trimmed and upper-case. */
export function normaliseCertificateId(value: string): string {
  return value.trim().toUpperCase()
}

/**
 * The shareable result page of an ID. IDs may contain '/', which must stay inside the
 * one path segment, so the ID is percent-encoded.
 */
export function certificateResultPath(certificateId: string): string {
  return `${href('/verify')}/${encodeURIComponent(certificateId)}`
}
