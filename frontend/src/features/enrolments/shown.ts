import type { Enrolment } from '@/features/enrolments/types'

/** `?enrolment=<reference>`: the enrolment being paid (the enrol action redirects to it). */
export const ENROLMENT_PARAM = 'enrolment'

/** `?enrol=another`: the empty form, whatever enrolment the visitor already has here. */
export const ENROL_PARAM = 'enrol'
export const ANOTHER = 'another'

/**
 * What a course page's enrolment section shows: an enrolment, or the form (with `missing`,
 * the reference the address named that is not among the visitor's enrolments).
 */
export type ShownEnrolment = { enrolment: Enrolment; missing?: undefined } | { enrolment?: undefined; missing?: string }

/**
 * The one place the section's enrolment is decided, from the page's data and its address:
 * the enrolment a 409 answer named (the visitor's own open one), else the one the address
 * names (`?enrolment=`), else none when the visitor asked for the form again
 * (`?enrol=another`), else the visitor's enrolment in this course that still matters (one
 * to pay, else a confirmed one, else the latest one refused, shown with the form to enrol
 * again). `enrolments` (newest first) are the account's, or this browser session's
 * for a visitor: any other is not theirs to see.
 */
export function shownEnrolment({
  courseSlug,
  enrolments,
  search,
  answered,
}: {
  courseSlug: string
  enrolments: readonly Enrolment[]
  search: URLSearchParams
  /** The reference a 409 answer of the enrol form named. */
  answered?: string
}): ShownEnrolment {
  const forCourse = enrolments.filter((item) => item.course.slug === courseSlug)
  const asked = answered ?? search.get(ENROLMENT_PARAM)?.trim()
  if (asked) {
    const enrolment = forCourse.find((item) => item.reference === asked)
    return enrolment ? { enrolment } : { missing: asked }
  }
  if (search.get(ENROL_PARAM) === ANOTHER) return {}
  const enrolment =
    forCourse.find((item) => item.is_open) ??
    forCourse.find((item) => item.status === 'confirmed') ??
    forCourse.find((item) => item.status === 'rejected')
  return enrolment ? { enrolment } : {}
}

/** The address of this page showing `reference` (the other parameters kept, `?enrol=` dropped). */
export function enrolmentSearch(search: URLSearchParams, reference: string): string {
  const params = new URLSearchParams(search)
  params.delete(ENROL_PARAM)
  params.set(ENROLMENT_PARAM, reference)
  return `?${params.toString()}`
}

/** The address of this page with the empty form (`?enrol=another`, no enrolment named). */
export function anotherSearch(search: URLSearchParams): string {
  const params = new URLSearchParams(search)
  params.delete(ENROLMENT_PARAM)
  params.set(ENROL_PARAM, ANOTHER)
  return `?${params.toString()}`
}
