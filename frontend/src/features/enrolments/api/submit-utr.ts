import { useMutation, useQueryClient } from '@tanstack/react-query'

import { enrolmentKey } from '@/features/enrolments/api/get-enrolment'
import { myEnrolmentsKey, type Enrolment } from '@/features/enrolments/api/get-my-enrolments'
import { apiClient, unwrap, type ApiError } from '@/lib/api-client'

export type SubmitUtrInput = { reference: string; utr: string }

export async function submitUtr({ reference, utr }: SubmitUtrInput): Promise<Enrolment> {
  return unwrap(apiClient.POST('/api/enrolments/{reference}/utr', { params: { path: { reference } }, body: { utr } }))
}

export function useSubmitUtr() {
  const queryClient = useQueryClient()
  return useMutation<Enrolment, ApiError, SubmitUtrInput>({
    mutationFn: submitUtr,
    onSuccess: (enrolment) => {
      queryClient.setQueryData(enrolmentKey(enrolment.reference), enrolment)
      void queryClient.invalidateQueries({ queryKey: myEnrolmentsKey })
    },
  })
}
