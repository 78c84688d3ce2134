import { data, redirect } from 'react-router'

import { createEnrolment } from '@/features/enrolments/api/create-enrolment'
import { joinWaitlist } from '@/features/enrolments/api/join-waitlist'
import { sendPaymentLink } from '@/features/enrolments/api/send-payment-link'
import { submitUtr } from '@/features/enrolments/api/submit-utr'
import type { EnrolmentAnswer } from '@/features/enrolments/answer'
import { enrolmentSearch } from '@/features/enrolments/shown'
import { ApiError } from '@/lib/api-client'
import { referralCodeFromCookie } from '@/server/api-scope.server'
import { formFailure, readForm } from '@/server/form.server'

/**
 * The action of every course page (course.tsx, bootcamp.tsx): the enrolment form
 * (`intent=enrol`), the UTR form (`intent=utr`) or the waitlist form (`intent=waitlist`)
 * of the page's enrolment section. An
 * enrolment made sends the browser to this page with `?enrolment=<reference>`, whose
 * loader brings it among the visitor's enrolments; the other answers name the enrolment
 * they are about by its reference (the page's data has it), with or without JavaScript.
 */
export async function enrolmentAction(request: Request, url: URL) {
  const { values } = await readForm(request)
  if (values.intent === 'enrol') return enrol(url, values)
  if (values.intent === 'utr') return utr(values)
  if (values.intent === 'payment-link') return paymentLink(values)
  if (values.intent === 'waitlist') return waitlist(values)
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
      // The "Discount code" field (the page fills it in from an offer's `?coupon=`).
      coupon: (values.coupon ?? '').trim(),
      batch: batchOf(values.batch),
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

/**
 * The batch chosen (its id; the form's select or hidden field); none: the earliest open
 * one. Anything else than an id is sent as 0, which the API refuses at the field.
 */
function batchOf(value: string | undefined): number | null {
  const text = (value ?? '').trim()
  if (!text) return null
  return /^\d{1,9}$/.test(text) ? Number(text) : 0
}

/** "Join the waitlist" (a full batch, or a course with no batch open). */
async function waitlist(values: Record<string, string>) {
  try {
    const entry = await joinWaitlist(values.course ?? '', {
      name: (values.name ?? '').trim(),
      phone: (values.phone ?? '').trim(),
      email: (values.email ?? '').trim(),
      batch: batchOf(values.batch),
    })
    return { ok: true, intent: 'waitlist', reference: '', message: entry.message } satisfies EnrolmentAnswer
  } catch (error) {
    const failure = formFailure(error, values, 'waitlist')
    return data({ ...failure.data, intent: 'waitlist' } satisfies EnrolmentAnswer, failure.init ?? undefined)
  }
}
