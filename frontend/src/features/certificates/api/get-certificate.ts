import { queryOptions, useQuery } from '@tanstack/react-query'

import type { components } from '@/api/schema'
import { apiClient, unwrap } from '@/lib/api-client'

export type Certificate = components['schemas']['CertificateOut']
export type CertificateDownloads = components['schemas']['CertificateDownloadsOut']

export const certificateKeys = {
  all: ['certificates'] as const,
  detail: (certificateId: string) => ['certificates', certificateId] as const,
}

/** `certificateId` should already be normalised (trimmed, upper-case); the server does it too. */
export function getCertificate(certificateId: string, signal?: AbortSignal): Promise<Certificate> {
  return unwrap(apiClient.GET('/api/certificates/{certificate_id}', { params: { path: { certificate_id: certificateId } }, signal }))
}

export function certificateQueryOptions(certificateId: string) {
  return queryOptions({
    queryKey: certificateKeys.detail(certificateId),
    queryFn: ({ signal }) => getCertificate(certificateId, signal),
    enabled: certificateId !== '',
    // A record changes only when staff import or revoke; a minute is fresh enough.
    staleTime: 60 * 1000,
  })
}

export function useCertificate(certificateId: string) {
  return useQuery(certificateQueryOptions(certificateId))
}
