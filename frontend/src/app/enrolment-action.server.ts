import { data, redirect } from 'react-router'

import { createEnrolment } from '@/features/enrolments/api/create-enrolment'
import { sendPaymentLink } from '@/features/enrolments/api/send-payment-link'
import { submitUtr } from '@/features/enrolments/api/submit-utr'
import type { EnrolmentAnswer } from '@/features/enrolments/answer'
import { enrolmentSearch } from '@/features/enrolments/shown'
import { ApiError } from '@/lib/api-client'
import { referralCodeFromCookie } from '@/server/api-scope.server'
import { formFailure, readForm } from '@/server/form.server'

/**
 * The action of every course page (course.tsx, bootcamp.tsx): the enrolment form
 * (`intent=enrol`) or the UTR form (`intent=utr`) of the page's enrolment section. An
 * enrolment made sends the browser to this page with `?enrolment=<reference>`, whose
 * loader brings it among the visitor's enrolments; the other answers name the enrolment
 * they are about by its reference (the page's data has it), with or without JavaScript.
 */
export async function enrolmentAction(request: Request, url: URL) {
  const { values } = await readForm(request)
  if (values.intent === 'enrol') return enrol(url, values)
  if (values.intent === 'utr') return utr(values)
  if (values.intent === 'payment-link') return paymentLink(values)
  throw data('This form is not one of the page’s.', { status: 400 })
}

/** `url`: the page's address as React Router gives it (a `.data` request's without `.data`). */
async function enrol(url: URL, values: Record<string, string>) {
  let reference: string
  try {
    const enrolment = await createEnrolment({
      course: values.course ?? '',
      name: (values.name ?? '').trim(),
      phone: (values.phone ?? '').trim(),
      email: (values.email ?? '').trim(),
      // The API ignores a code's case and spaces, and the spaces in a UTR. A code the
      // student typed wins; a field left empty takes the `?ref=` link's (its cookie).
      referral_code: (values.referral_code ?? '').trim() || referralCodeFromCookie(),
      state: values.state ?? '',
      gstin: values.gstin ?? '',
      business_name: (values.business_name ?? '').trim(),
    })
    reference = enrolment.reference
  } catch (error) {
    const failure = formFailure(error, values, 'enrol')
    // This browser or account already has an open enrolment in the course: show it.
    const own = error instanceof ApiError && error.status === 409 && error.extra.can_view === true ? error.extra.reference : undefined
    const answer: EnrolmentAnswer = { ...failure.data, intent: 'enrol', reference: typeof own === 'string' ? own : undefined }
    return data(answer, failure.init ?? undefined)
  }
  return redirect(`${url.pathname}${enrolmentSearch(url.searchParams, reference)}`)
}

async function utr(values: Record<string, string>) {
  const reference = values.reference ?? ''
  try {
    await submitUtr({ reference, utr: values.utr ?? '' })
    return { ok: true, intent: 'utr', reference } satisfies EnrolmentAnswer
  } catch (error) {
    const failure = formFailure(error, values, 'utr')
    // The page keeps showing the enrolment (its payment details and the form again).
    return data({ ...failure.data, intent: 'utr', reference } satisfies EnrolmentAnswer, failure.init ?? undefined)
  }
}

/** "Send me my payment link" (the refusal of a phone that already has an open enrolment here). */
async function paymentLink(values: Record<string, string>) {
  try {
    const { message } = await sendPaymentLink({ course: values.course ?? '', phone: (values.phone ?? '').trim() })
    return { ok: true, intent: 'payment-link', reference: '', message } satisfies EnrolmentAnswer
  } catch (error) {
    const failure = formFailure(error, values, 'payment-link')
    return data({ ...failure.data, intent: 'payment-link' } satisfies EnrolmentAnswer, failure.init ?? undefined)
  }
}
