import { expect, type Page } from '@playwright/test'

import { confirmSignupCode, signupWithCode } from './sms'

/*
 * Accounts for the specs that need them (accounts.spec.ts, the screenshots project). The
 * database is fresh per run but shared by every test in it, so each test uses phone numbers
 * of its own.
 */

export const PASSWORD = 'referral-journey-42'
const base = Date.now() % 100_000_000
let issued = 0

/** A new valid Indian mobile number, unique within this run. */
export function freshPhone(): string {
  issued += 1
  return `98${String((base + issued * 7919) % 100_000_000).padStart(8, '0')}`
}

/** An account made through the API (the form, then the SMS code from the server's log; no UI), for tests that are not about sign-up. */
export async function signupViaApi(page: Page, name: string, phone: string) {
  await signupWithCode(page, { name, phone, password: PASSWORD })
}

export async function loginViaForm(page: Page, phone: string, password: string) {
  await page.getByLabel('Phone number').fill(phone)
  await page.getByLabel(/^Password/).fill(password)
  await page.getByRole('button', { name: 'Log in' }).click()
}

/**
 * Apply Now's way for a visitor without an account: the login page with ?next=, "Create an
 * account", the sign-up form and its code step, then (logged in by the sign-up) the page
 * the visitor was going to. The same with and without JavaScript.
 */
export async function signUpFromLoginKeepsNext(page: Page, { phone, next }: { phone: string; next: string }) {
  await page.goto(`/login?${new URLSearchParams({ next })}`)
  await page.getByRole('link', { name: 'Create an account' }).click()
  await expect(page).toHaveURL(`/signup?${new URLSearchParams({ next })}`)
  await page.getByLabel(/^Name/).fill(`Next Keeper ${phone.slice(-4)}`)
  await page.getByLabel('Phone number').fill(phone)
  await page.getByLabel(/^Password/).fill(PASSWORD)
  await page.getByRole('button', { name: 'Sign up' }).click()
  await expect(page).toHaveURL(/\/signup\?phone=/)
  expect(new URL(page.url()).searchParams.get('next')).toBe(next)
  await confirmSignupCode(page, phone)
  // The sign-up logs the new account in and goes on to `next` (with or without JavaScript).
  await expect(page).toHaveURL(next)
}
