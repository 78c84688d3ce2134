import type { components } from '@/api/schema'

export type CredentialCheck = components['schemas']['CredentialCheckOut']
/** Which check a refused file failed (the API's `extra.reason` on 422 and 413). */
export type CredentialRefusal = 'not_json' | 'not_credential' | 'proof' | 'unknown_key' | 'too_large'
/** A certificate as the verify page shows it (GET /api/pages/verify/{certificate_id}'s `certificate`). */
export type Certificate = components['schemas']['CertificateOut']
export type CertificateDownloads = components['schemas']['CertificateDownloadsOut']
export type ImportReport = components['schemas']['ImportReportOut']
export type ImportRowError = components['schemas']['ImportRowErrorOut']
