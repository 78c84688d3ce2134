import { queryOptions, useQuery } from '@tanstack/react-query'

import type { components } from '@/api/schema'
import { apiClient, unwrap } from '@/lib/api-client'

export type PaymentInstructions = components['schemas']['PaymentInstructionsOut']

export const bootcampPaymentKey = ['enrolments', 'bootcamp-payment'] as const

export function getBootcampPayment(signal?: AbortSignal): Promise<PaymentInstructions> {
  return unwrap(apiClient.GET('/api/enrolments/bootcamp-payment', { signal }))
}

export function bootcampPaymentQueryOptions() {
  return queryOptions({ queryKey: bootcampPaymentKey, queryFn: ({ signal }) => getBootcampPayment(signal) })
}

export function useBootcampPayment() {
  return useQuery(bootcampPaymentQueryOptions())
}
