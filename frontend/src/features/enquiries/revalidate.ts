import type { ShouldRevalidateFunctionArgs } from 'react-router'

/**
 * The shouldRevalidate of a page with the enquiry form: an enquiry sent from the page
 * changes nothing the page shows, so its loader does not run again after one.
 */
export function revalidateUnlessEnquiry({ formMethod, formAction, currentUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  const sentHere = formMethod === 'POST' && formAction !== undefined && new URL(formAction, currentUrl).pathname === currentUrl.pathname
  return sentHere ? false : defaultShouldRevalidate
}
