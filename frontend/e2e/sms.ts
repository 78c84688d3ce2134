import { readFileSync } from 'node:fs'

import { expect, type Page } from '@playwright/test'

import { csrfToken, onServerDatabase } from './support'

/*
 * The SMS the site sends, as the e2e server's `console` SMS backend writes them to its log
 * (scripts/e2e.sh passes the log's path as E2E_SERVER_LOG): one line per message,
 * `SMS to <phone in E.164>: <text>`, the code as six consecutive digits.
 */

/** A typed Indian mobile number ("98765 43210", "09876543210") in E.164. */
export function toE164(phone: string): string {
  const digits = phone.replace(/\D/g, '').replace(/^(91|0)(?=\d{10}$)/, '')
  return `+91${digits}`
}

function serverLog(): string {
  const path = process.env.E2E_SERVER_LOG
  if (!path) throw new Error('E2E_SERVER_LOG is not set: run the specs through scripts/e2e.sh (make test-e2e).')
  return readFileSync(path, 'utf-8')
}

/** Every code sent to `phone` so far, oldest first. */
export function codesSentTo(phone: string): string[] {
  const prefix = `SMS to ${toE164(phone)}: `
  const codes: string[] = []
  for (const line of serverLog().split('\n')) {
    const at = line.indexOf(prefix)
    if (at < 0) continue
    const code = /(?<!\d)\d{6}(?!\d)/.exec(line.slice(at + prefix.length))?.[0]
    if (code) codes.push(code)
  }
  return codes
}

/** The code sent to `phone` after the `before` codes already sent (waits until it is in the log). */
export async function nextCodeFor(phone: string, before: number): Promise<string> {
  await expect.poll(() => codesSentTo(phone).length, { message: `an SMS code for ${phone} in the server log` }).toBeGreaterThan(before)
  return codesSentTo(phone).at(-1) as string
}

/**
 * Eleven minutes pass for the codes sent to `phone`: each has expired (codes last 10
 * minutes) and a new one may be asked for. Time cannot pass in a test run, so the
 * codes' times are moved back on the run's database.
 */
export function expireCodesFor(phone: string) {
  onServerDatabase([
    'from datetime import timedelta',
    'from django.utils import timezone',
    'from accounts.models import OneTimeCode',
    'past = timezone.now() - timedelta(minutes=11)',
    `OneTimeCode.objects.filter(phone=${JSON.stringify(toE164(phone))}).update(created_at=past, expires_at=past + timedelta(minutes=10))`,
  ])
}

/** A six-digit code that is not `code`. */
export function wrongCode(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, '0')
}

type SignupBody = { name: string; phone: string; password: string; email?: string }

/**
 * An account made through the API, as the sign-up page makes it: the form (202 and a code
 * by SMS), then the code from the server's log (201). Leaves the browser logged out.
 */
export async function signupWithCode(page: Page, { name, phone, password, email = '' }: SignupBody): Promise<void> {
  if (!page.url().startsWith('http')) await page.goto('/referearn')
  const headers = { 'X-CSRFToken': await csrfToken(page), Referer: page.url() }
  const before = codesSentTo(phone).length
  const form = await page.request.post('/api/auth/signup', { data: { name, phone, password, email }, headers })
  expect(form.status(), await form.text()).toBe(202)
  const code = await nextCodeFor(phone, before)
  const verified = await page.request.post('/api/auth/signup/verify', { data: { phone: toE164(phone), code }, headers })
  expect(verified.status(), await verified.text()).toBe(201)
  // The sign-up logs the new account in (as on the page); the specs log in themselves.
  await page.context().clearCookies()
}

/** On the sign-up page's code step: types the code the server sent and confirms. */
export async function confirmSignupCode(page: Page, phone: string, before = 0): Promise<void> {
  const code = await nextCodeFor(phone, before)
  await page.getByLabel(/Verification code/).fill(code)
  await page.getByRole('button', { name: 'Confirm and sign up' }).click()
}
