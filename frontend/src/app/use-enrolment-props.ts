import { useActionData, useNavigation, useSearchParams } from 'react-router'

import { useMe } from '@/features/accounts/api/get-me'
import type { EnrolmentAnswer, EnrolmentIntent } from '@/features/enrolments/answer'

/**
 * What a course page hands its enrolment section: the logged-in account's details, the
 * friend's referral code from `?ref=` (any case; the server matches it ignoring case), and
 * the page's action (src/app/enrolment-action.server.ts): its latest answer and which of
 * the section's forms is being sent.
 */
export function useEnrolmentProps() {
  const [params] = useSearchParams()
  const user = useMe().data
  const result = useActionData() as EnrolmentAnswer | undefined
  const navigation = useNavigation()
  const intent = navigation.state === 'submitting' ? navigation.formData?.get('intent') : undefined
  const pending = intent === 'enrol' || intent === 'utr' ? (intent as EnrolmentIntent) : undefined
  const referralCode = (params.get('ref') ?? '').replace(/\s+/g, '').toUpperCase().slice(0, 30)
  const account = user ? { name: user.name, phone: user.phone_display, email: user.email } : undefined
  return { account, referralCode, result, pending }
}
