import type { EnquiryCreateIn, EnquiryCreatedOut } from '@/features/enquiries/types'
import { apiClient, unwrap } from '@/lib/api-client'

/** Enquiries are write-only from the public site (the pages' action sends them). */
export function createEnquiry(body: EnquiryCreateIn): Promise<EnquiryCreatedOut> {
  return unwrap(apiClient.POST('/api/enquiries', { body }))
}
