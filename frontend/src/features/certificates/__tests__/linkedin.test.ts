import { describe, expect, it } from 'vitest'

import { certificateResultPath, normaliseCertificateId } from '@/features/certificates/certificate-id'
import { certificationName, linkedInAddToProfileUrl } from '@/features/certificates/linkedin'

const record = {
  certificate_id: 'WD/2025/7',
  domain: 'Web Development',
  duration: '3 Months',
  issue_date: '2025-11-02',
  verify_url: 'https://example.test/verify/WD%2F2025%2F7',
}

describe('linkedInAddToProfileUrl', () => {
  it('fills in the name, organisation, issue month, link and ID, encoded', () => {
    const url = linkedInAddToProfileUrl(record, 'Example Academy')
    expect(url).toBe(
      'https://www.linkedin.com/profile/add?startTask=CERTIFICATION_NAME&name=Web%20Development%20(3%20Months)' +
        '&organizationName=Example%20Academy&issueYear=2025&issueMonth=11' +
        '&certUrl=https%3A%2F%2Fexample.test%2Fverify%2FWD%252F2025%252F7&certId=WD%2F2025%2F7',
    )
  })

  it('leaves out the issue year and month when there is no issue date', () => {
    const params = new URL(linkedInAddToProfileUrl({ ...record, issue_date: null }, 'Example Academy')).searchParams
    expect(params.has('issueYear')).toBe(false)
    expect(params.has('issueMonth')).toBe(false)
    expect(params.get('certId')).toBe('WD/2025/7')
  })

  it('names the certification from whatever of domain and duration exists', () => {
    expect(certificationName({ domain: 'Python', duration: '' })).toBe('Python')
    expect(certificationName({ domain: ' ', duration: '30 Days' })).toBe('30 Days')
    expect(certificationName({ domain: '', duration: '' })).toBe('Certificate')
  })
})

describe('certificate IDs', () => {
  it('are trimmed and upper-cased, and keep a "/" inside one path segment', () => {
    expect(normaliseCertificateId('  wd-2025-1 ')).toBe('WD-2025-1')
    expect(certificateResultPath('WD/2025/7')).toBe('/verify/WD%2F2025%2F7')
  })
})
