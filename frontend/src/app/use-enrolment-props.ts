import { useActionData, useNavigation, useSearchParams } from 'react-router'

import type { EnrolmentAnswer, EnrolmentIntent } from '@/features/enrolments/answer'
import type { Enrolment } from '@/features/enrolments/types'
import { shownEnrolment } from '@/features/enrolments/shown'
import { readCookie } from '@/lib/api-client'
import { REFERRAL_COOKIE, referralCodeOf } from '@/lib/cookies'
import { useVisitor } from '@/lib/page-data'
import { useHydrated } from '@/lib/use-hydrated'

/**
 * What a course page hands its enrolment section, all from the page's data, its address
 * and its action: the enrolment shown (src/features/enrolments/shown.ts), the logged-in
 * account's details, the friend's referral code from `?ref=` (any case; the server matches
 * it ignoring case), and the action's latest answer (src/app/enrolment-action.server.ts)
 * and which of the section's forms is being sent.
 */
export function useEnrolmentProps({ courseSlug, enrolments }: { courseSlug: string; enrolments: readonly Enrolment[] }) {
  const [search] = useSearchParams()
  const user = useVisitor()
  const result = useActionData() as EnrolmentAnswer | undefined
  const navigation = useNavigation()
  // Being sent, then (after the answer) the page's data loading again: one form at a time.
  const intent = navigation.state === 'idle' ? undefined : navigation.formData?.get('intent')
  const pending = intent === 'enrol' || intent === 'utr' || intent === 'payment-link' || intent === 'waitlist' ? (intent as EnrolmentIntent) : undefined
  // The address's `?ref=` wins; else, once the page's script runs, the code a `?ref=`
  // address of the last 30 days left in its cookie (the server applies the same cookie to
  // an enrolment sent without JavaScript whose field was left empty).
  const hydrated = useHydrated()
  const fromLink = (search.get('ref') ?? '').replace(/\s+/g, '').toUpperCase().slice(0, 30)
  const referralCode = fromLink || (hydrated ? referralCodeOf(readCookie(REFERRAL_COOKIE)) : '')
  const account = user ? { name: user.name, phone: user.phone_display, email: user.email } : undefined
  const answered = result && !result.ok && result.intent === 'enrol' ? result.reference : undefined
  const shown = shownEnrolment({ courseSlug, enrolments, search, answered })
  return { account, referralCode, result, pending, shown }
}
