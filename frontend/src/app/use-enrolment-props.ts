import { useSearchParams } from 'react-router'

import { useMe } from '@/features/accounts/api/get-me'

/**
 * What a course page hands its enrolment form: the logged-in account's details and the
 * friend's referral code from `?ref=` (any case; the server matches it ignoring case).
 */
export function useEnrolmentProps() {
  const [params] = useSearchParams()
  const user = useMe().data
  const referralCode = (params.get('ref') ?? '').replace(/\s+/g, '').toUpperCase().slice(0, 30)
  const account = user ? { name: user.name, phone: user.phone_display, email: user.email } : undefined
  return { account, referralCode }
}
