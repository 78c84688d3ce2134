import type { Certificate } from '@/features/certificates/types'

/** The verify page's verdict on a looked-up certificate. */
export const VERDICTS = { verified: 'Verified', notVerified: 'Not verified', revoked: 'Revoked' } as const

/** The verdict on an uploaded credential file (the API's verdict values), in section 13's words. */
export const VERDICT_TITLES = {
  valid: 'This credential is valid',
  not_valid: 'This credential is not valid',
  revoked: 'This credential has been revoked',
} as const

/** What a Course of "Eliminated" means, in words. */
export const NOT_AWARDED = 'Not awarded: the candidate did not complete the programme'

/** A Course of "Eliminated" is not a course: it means the certificate was not awarded. */
export function isEliminated(certificate: Certificate): boolean {
  return certificate.domain.trim().toLowerCase() === 'eliminated'
}

/** What the certificate says, for people who cannot see the image. */
export function certificateImageAlt(certificate: Certificate, issuer: string): string {
  const parts = [`Certificate ${certificate.certificate_id}`]
  if (certificate.name.trim()) parts.push(`issued to ${certificate.name.trim()}`)
  const course = [certificate.domain.trim(), certificate.duration.trim()].filter(Boolean).join(', ')
  if (course) parts.push(`for ${course}`)
  if (issuer.trim()) parts.push(`by ${issuer.trim()}`)
  return parts.join(' ')
}

/** The file name the signed credential is saved under. */
export function credentialFileName(certificateId: string): string {
  return `credential-${certificateId.replace(/[^A-Za-z0-9._-]+/g, '-')}.json`
}
