import { useMutation } from '@tanstack/react-query'

import type { components } from '@/api/schema'
import { apiClient, unwrap, type ApiError } from '@/lib/api-client'

export type EnquiryCreateIn = components['schemas']['EnquiryCreateIn']
export type EnquiryCreatedOut = components['schemas']['EnquiryCreatedOut']
export type EnquiryKind = EnquiryCreateIn['kind']

export function createEnquiry(body: EnquiryCreateIn): Promise<EnquiryCreatedOut> {
  return unwrap(apiClient.POST('/api/enquiries', { body }))
}

/** Enquiries are write-only from the public site, so there is no query to invalidate. */
export function useCreateEnquiry() {
  return useMutation<EnquiryCreatedOut, ApiError, EnquiryCreateIn>({ mutationFn: createEnquiry })
}
