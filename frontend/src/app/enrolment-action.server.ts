import { data } from 'react-router'

import { createEnrolment } from '@/features/enrolments/api/create-enrolment'
import { getEnrolment } from '@/features/enrolments/api/get-enrolment'
import { submitUtr } from '@/features/enrolments/api/submit-utr'
import type { EnrolmentAnswer } from '@/features/enrolments/answer'
import { ApiError } from '@/lib/api-client'
import { formFailure, readForm } from '@/server/form.server'

/**
 * The action of every course page (course.tsx, bootcamp.tsx): the enrolment form
 * (`intent=enrol`) or the UTR form (`intent=utr`) of the page's enrolment section. Without
 * JavaScript the page is rendered from this answer, so a refusal also carries the
 * enrolment to show again when there is one (only this visitor's session may see it).
 */
export async function enrolmentAction(request: Request) {
  const { values } = await readForm(request)
  if (values.intent === 'enrol') return enrol(values)
  if (values.intent === 'utr') return utr(values)
  throw data('This form is not one of the page’s.', { status: 400 })
}

async function enrol(values: Record<string, string>) {
  try {
    const enrolment = await createEnrolment({
      course: values.course ?? '',
      name: (values.name ?? '').trim(),
      phone: (values.phone ?? '').trim(),
      email: (values.email ?? '').trim(),
      // The API ignores a code's case and spaces, and the spaces in a UTR.
      referral_code: values.referral_code ?? '',
      state: values.state ?? '',
      gstin: values.gstin ?? '',
      business_name: (values.business_name ?? '').trim(),
    })
    return { ok: true as const, intent: 'enrol' as const, enrolment } satisfies EnrolmentAnswer
  } catch (error) {
    const failure = formFailure(error, values, 'enrol')
    // This browser or account already has an open enrolment in the course: show it.
    const reference = error instanceof ApiError && error.status === 409 && error.extra.can_view === true ? error.extra.reference : undefined
    const enrolment = typeof reference === 'string' ? await getEnrolment(reference).catch(() => undefined) : undefined
    return data({ ...failure.data, intent: 'enrol' as const, enrolment } satisfies EnrolmentAnswer, failure.init ?? undefined)
  }
}

async function utr(values: Record<string, string>) {
  const reference = values.reference ?? ''
  try {
    const enrolment = await submitUtr({ reference, utr: values.utr ?? '' })
    return { ok: true as const, intent: 'utr' as const, enrolment } satisfies EnrolmentAnswer
  } catch (error) {
    const failure = formFailure(error, values, 'utr')
    // The page keeps showing the enrolment (its payment details and the form again).
    const enrolment = reference ? await getEnrolment(reference).catch(() => undefined) : undefined
    return data({ ...failure.data, intent: 'utr' as const, enrolment } satisfies EnrolmentAnswer, failure.init ?? undefined)
  }
}
