import { useMutation, useQueryClient } from '@tanstack/react-query'

import type { components } from '@/api/schema'
import { enrolmentKey } from '@/features/enrolments/api/get-enrolment'
import { myEnrolmentsKey, type Enrolment } from '@/features/enrolments/api/get-my-enrolments'
import { apiClient, unwrap, type ApiError } from '@/lib/api-client'

export type EnrolmentCreateIn = components['schemas']['EnrolmentCreateIn']

export async function createEnrolment(body: EnrolmentCreateIn): Promise<Enrolment> {
  return unwrap(apiClient.POST('/api/enrolments', { body }))
}

export function useCreateEnrolment() {
  const queryClient = useQueryClient()
  return useMutation<Enrolment, ApiError, EnrolmentCreateIn>({
    mutationFn: createEnrolment,
    onSuccess: (enrolment) => {
      queryClient.setQueryData(enrolmentKey(enrolment.reference), enrolment)
      void queryClient.invalidateQueries({ queryKey: myEnrolmentsKey })
    },
  })
}
