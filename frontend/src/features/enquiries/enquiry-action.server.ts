import { createEnquiry } from '@/features/enquiries/api/create-enquiry'
import { formFailure, readForm } from '@/server/form.server'

/**
 * The action of every page with the enquiry form (the home page's #contact, /getquote):
 * sends the posted form to the API. A chosen package makes it a quote request, none a
 * contact message. Answers `{ ok, message, package }` (the form shows the thanks and
 * empties itself, keeping the chosen package for the next request) or the API's refusal
 * (field errors, or "try again in N minutes" on 429).
 */
export async function enquiryAction(request: Request) {
  const { values } = await readForm(request)
  const text = (name: string) => (values[name] ?? '').trim()
  const packageSlug = text('package')
  try {
    const answer = await createEnquiry({
      kind: packageSlug ? 'quote' : 'contact',
      name: text('name'),
      email: text('email'),
      phone: text('phone'),
      subject: text('subject'),
      message: text('message'),
      package: packageSlug || null,
      website: values.website ?? '',
    })
    return { ok: true as const, message: answer.message, package: packageSlug }
  } catch (error) {
    return formFailure(error, values)
  }
}
