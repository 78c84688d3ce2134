import type { components } from '@/api/schema'
import { apiClient, unwrap } from '@/lib/api-client'

export type InternshipDomainDetail = components['schemas']['DomainForApplicationOut']
export type Application = components['schemas']['ApplicationOut']
export type Batch = InternshipDomainDetail['batches'][number]

/**
 * One internship domain for its application page: whether it takes applications (and why
 * not), its batches, and the caller's open or accepted application for it (null for a
 * visitor or someone who has not applied). A slug the catalogue does not have is a 404.
 */
export function getInternshipDomain(slug: string, signal?: AbortSignal): Promise<InternshipDomainDetail> {
  return unwrap(apiClient.GET('/api/internships/domains/{slug}', { params: { path: { slug } }, signal }))
}
