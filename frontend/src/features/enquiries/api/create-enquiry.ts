import type { components } from '@/api/schema'
import { apiClient, unwrap } from '@/lib/api-client'

export type EnquiryCreateIn = components['schemas']['EnquiryCreateIn']
export type EnquiryCreatedOut = components['schemas']['EnquiryCreatedOut']
export type EnquiryKind = EnquiryCreateIn['kind']

/** Enquiries are write-only from the public site (the pages' action sends them). */
export function createEnquiry(body: EnquiryCreateIn): Promise<EnquiryCreatedOut> {
  return unwrap(apiClient.POST('/api/enquiries', { body }))
}
