import { data, redirect } from 'react-router'

import { enrolmentAction } from '@/app/enrolment-action.server'
import { enrolmentSearch } from '@/features/enrolments/shown'
import { createRegistration } from '@/features/events/api/create-registration'
import { registrationBody } from '@/features/events/registration-fields'
import { REGISTER_INTENT, type RegistrationAnswer } from '@/features/events/types'
import { formFailure, readForm } from '@/server/form.server'

/**
 * The action of an event's page: its Register form (`intent=register`), posted to
 * POST /api/events/<slug>/registrations; the payment's UTR form (and the rest of the
 * enrolment section's forms) go to the enrolments' action, as on a course page, since a
 * registration's payment is an enrolment's. A registration made sends the browser to the
 * page with `?enrolment=<reference>` (free: "Registration confirmed"; a fee: its payment
 * step); a refusal comes back to the form with what was typed.
 */
export async function registrationAction(request: Request, url: URL) {
  const copy = request.clone()
  const { values } = await readForm(request)
  if (values.intent !== REGISTER_INTENT) return enrolmentAction(copy, url)
  const slug = (values.slug ?? '').trim()
  if (!slug) throw data('This form is not one of the page’s.', { status: 400 })
  let reference: string
  try {
    reference = (await createRegistration(slug, registrationBody(values))).reference
  } catch (error) {
    const failure = formFailure(error, values, REGISTER_INTENT)
    return data({ ...failure.data, intent: REGISTER_INTENT } satisfies RegistrationAnswer, failure.init ?? undefined)
  }
  return redirect(`${url.pathname}${enrolmentSearch(url.searchParams, reference)}`)
}
