import { redirect } from 'react-router'

/**
 * Where the bootcamp is paid for: its enrolment form, which gives the payment its reference
 * (the seeded bootcamp's Page path: a page found from the data, routes/page.tsx).
 */
export const BOOTCAMP_ENROLMENT = '/java+android_bootcamp#enrol'

/**
 * /payment, kept for old links. It used to open a UPI payment of its own (no reference,
 * nobody's name), after which the bootcamp page asked for a second payment against an
 * enrolment. Now the server sends the visitor straight to the bootcamp's enrolment form:
 * one way to pay, once, matched to a name and a seat. No page of its own, so no
 * "Redirecting…" that never ends, with or without JavaScript.
 */
export function loader() {
  throw redirect(BOOTCAMP_ENROLMENT)
}
