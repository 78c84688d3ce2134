import type { Certificate } from '@/features/certificates/types'

const ADD_TO_PROFILE = 'https://www.linkedin.com/profile/add'

/** "Web Development (30 Days)"; either part may be missing. */
export function certificationName(certificate: Pick<Certificate, 'domain' | 'duration'>): string {
  const domain = certificate.domain.trim()
  const duration = certificate.duration.trim()
  if (domain && duration) return `${domain} (${duration})`
  return domain || duration || 'Certificate'
}

/** Year and month (1-12) of an ISO date ("2025-03-26"), read from the text: no time zones. */
function yearAndMonth(isoDate: string | null): { year: number; month: number } | undefined {
  const match = isoDate ? /^(\d{4})-(\d{2})-\d{2}/.exec(isoDate) : null
  if (!match) return undefined
  return { year: Number(match[1]), month: Number(match[2]) }
}

/**
 * LinkedIn's "Add licence or certification" form, prefilled. Issue year and month are
 * left out when the record has no issue date (LinkedIn then asks the member).
 */
export function linkedInAddToProfileUrl(
  certificate: Pick<Certificate, 'domain' | 'duration' | 'issue_date' | 'verify_url' | 'certificate_id'>,
  organizationName: string,
): string {
  const params: Array<[string, string]> = [
    ['startTask', 'CERTIFICATION_NAME'],
    ['name', certificationName(certificate)],
  ]
  if (organizationName.trim()) params.push(['organizationName', organizationName.trim()])
  const issued = yearAndMonth(certificate.issue_date)
  if (issued) params.push(['issueYear', String(issued.year)], ['issueMonth', String(issued.month)])
  params.push(['certUrl', certificate.verify_url], ['certId', certificate.certificate_id])
  return `${ADD_TO_PROFILE}?${params.map(([key, value]) => `${key}=${encodeURIComponent(value)}`).join('&')}`
}
