import type { components } from '@/api/schema'

/** A certificate as the verify page shows it (GET /api/pages/verify/{certificate_id}'s `certificate`). */
export type Certificate = components['schemas']['CertificateOut']
export type CertificateDownloads = components['schemas']['CertificateDownloadsOut']
