/**
 * The last enrolment made in this browser for each course, so a student who leaves to pay
 * in a UPI app comes back to the same payment details instead of an empty form. Only the
 * reference is kept; the server shows the enrolment to this browser's session alone.
 * Storage can be unavailable (private modes, full quota): then nothing is remembered.
 */
const key = (courseSlug: string) => `enrolment:${courseSlug}`

export function readStoredReference(courseSlug: string): string | undefined {
  try {
    return window.localStorage.getItem(key(courseSlug)) ?? undefined
  } catch {
    return undefined
  }
}

export function storeReference(courseSlug: string, reference: string | undefined): void {
  try {
    if (reference) window.localStorage.setItem(key(courseSlug), reference)
    else window.localStorage.removeItem(key(courseSlug))
  } catch {
    // Not remembered: the student can still find the enrolment on the dashboard when logged in.
  }
}
