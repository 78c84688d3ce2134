import { data, type ShouldRevalidateFunctionArgs } from 'react-router'

import type { Route } from './+types/page'
import { enrolmentAction } from '@/app/enrolment-action.server'
import { EventPage } from '@/app/event-page'
import { registrationAction } from '@/app/registration-action.server'
import { NOT_FOUND_META, pageMeta } from '@/app/meta'
import { NotFoundPage } from '@/app/not-found-page'
import BootcampPage from '@/app/routes/bootcamp'
import CoursePage from '@/app/routes/course'
import type { EnrolmentAnswer } from '@/features/enrolments/answer'
import type { PathPageData } from '@/features/catalog/types'
import { ApiError, apiClient, unwrap } from '@/lib/api-client'
import type { SharingHandle } from '@/server/cache-policy'
import { readForm } from '@/server/form.server'
import type { PaymentStepHandle } from '@/server/security-policy'
import type { HydrationHandle } from '@/lib/hydration'

/**
 * Every path the route table (src/routes.ts) does not name: the page found from the data
 * there (a course's, the bootcamp's or an event's: its Page path in the back office), or
 * the not-found page with status 404. Django is asked about the path exactly as this
 * server read it (`url.pathname`, percent-encoding left as it came), so the two never
 * disagree about which page a path is: one Django cannot take as a page path is none.
 */
async function pageAt(url: URL): Promise<PathPageData | null> {
  try {
    return await unwrap(apiClient.GET('/api/pages/path', { params: { query: { path: url.pathname } } }))
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 422)) return null
    throw error
  }
}

/** The page's one call into Django; for no page, the frame of the not-found page (404). */
export async function loader({ url }: Route.LoaderArgs) {
  const page = await pageAt(url)
  if (page) return page
  const frame = await unwrap(apiClient.GET('/api/pages/basic'))
  return data({ ...frame, kind: 'none' as const }, { status: 404 })
}

/**
 * A course's or the bootcamp's enrolment section's two forms (enrol, then the payment's
 * UTR); an event's Register form (and its payment's UTR); no other page here takes a post.
 */
export async function action({ request, url }: Route.ActionArgs) {
  // A post that is not a form is refused before anything else, as every page action does.
  await readForm(request.clone())
  const page = await pageAt(url)
  if (page?.kind === 'event') return registrationAction(request, url)
  if (page?.kind !== 'course' && page?.kind !== 'bootcamp') throw data('This page takes no form.', { status: 404 })
  return enrolmentAction(request, url)
}

/**
 * After an answer naming an enrolment (a UTR sent, the visitor's own found on enrolling
 * again), the page's data again: the enrolment as it is now (see course.tsx).
 */
export function shouldRevalidate({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return (actionResult as EnrolmentAnswer | undefined)?.reference ? true : defaultShouldRevalidate
}

/**
 * The same for every visitor without a session, the not-found page too: a shared cache may
 * keep it (src/server/cache-policy). A course's, the bootcamp's and an event's page hold a
 * payment step: Razorpay Checkout may run there (src/server/security-policy; not on the
 * not-found page, entry.server.tsx).
 */
// The page loads its scripts (src/lib/hydration.ts): a course's or an event's enrolment: Razorpay Checkout, the referral code from its cookie, Copy for the UPI ID.
export const handle: SharingHandle & PaymentStepHandle & HydrationHandle = { sharing: 'page', checkout: true, hydrate: true }

/** The catalogue's head names each page found (the loader's `head`); the row's own name and summary are for when it has none. */
export const meta: Route.MetaFunction = (args) => {
  const found = args.loaderData
  if (found?.kind === 'course' || found?.kind === 'bootcamp') {
    return pageMeta(args, { title: found.course.name, description: found.course.summary })
  }
  if (found?.kind === 'event') return pageMeta(args, { title: found.event.title, description: found.event.summary })
  return pageMeta(args, NOT_FOUND_META)
}

export default function Page({ loaderData }: Route.ComponentProps) {
  if (loaderData.kind === 'course') return <CoursePage loaderData={loaderData} />
  if (loaderData.kind === 'bootcamp') return <BootcampPage loaderData={loaderData} />
  if (loaderData.kind === 'event') return <EventPage loaderData={loaderData} />
  return <NotFoundPage />
}
