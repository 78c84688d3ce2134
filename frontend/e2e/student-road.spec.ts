import { readFileSync } from 'node:fs'

import { expect, test, type Browser, type Page } from '@playwright/test'

import { PASSWORD, signupViaApi } from './accounts-support'
import { toE164 } from './sms'
import { loginViaApi, sidewaysOverflow, viewports, visitor } from './support'

/*
 * The student's road after enrolling (docs/product.md section 4, turn 4), JavaScript on: the
 * private payment link sent by SMS reopens the payment step in a fresh browser, where the
 * UTR goes with no account; the refusal of the same phone offers "Send me my payment link";
 * a `?ref=` code is kept on the way to the course page and its payment step. Screenshots of
 * the new screens at 360 and 1280 px go to SHOTS (when set).
 */

const base = (Date.now() * 13) % 100_000_000
let issued = 0
function freshPhone(): string {
  issued += 1
  return `93${String((base + issued * 104_729) % 100_000_000).padStart(8, '0')}`
}
function freshUtr(): string {
  issued += 1
  return `7${String((base * 19 + issued * 7_919) % 100_000_000_000).padStart(11, '0')}`
}

/** The private links (/e/<token>) sent to `phone` so far, from the SMS in the server's log. */
function linksSentTo(phone: string): string[] {
  const prefix = `SMS to ${toE164(phone)}: `
  const log = readFileSync(process.env.E2E_SERVER_LOG ?? '', 'utf-8')
  return log
    .split('\n')
    .filter((line) => line.includes(prefix))
    .map((line) => /\/e\/[A-Za-z0-9_-]{20,}/.exec(line)?.[0])
    .filter((link): link is string => Boolean(link))
}

async function shoot(page: Page, name: string) {
  const dir = process.env.SHOTS
  if (!dir) return
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 })
    await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true })
  }
  await page.setViewportSize({ width: 1280, height: 900 })
}

async function enrol(page: Page, path: string, phone: string, referral = '') {
  await page.goto(path)
  const form = page.locator('section#enrol')
  await form.getByLabel(/^Name/).fill('Road Student')
  await form.getByLabel('Phone number').fill(phone)
  await form.getByLabel('Email').fill(`road-${phone}@example.com`)
  if (referral) await form.getByLabel('Referral code (optional)').fill(referral)
  await form.getByRole('button', { name: /^Enrol and pay/ }).click()
}

async function freshPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext()
  return context.newPage()
}

test('the private link reopens the payment step in another browser, and the refusal sends it again', async ({ page, browser }) => {
  const phone = freshPhone()
  await enrol(page, '/python-registration', phone)
  await expect(page.getByRole('heading', { level: 2, name: /^Pay ₹[\d,]+ to confirm your place$/ })).toBeVisible()
  const reference = (await page.locator('dd.font-mono').first().textContent())?.trim() ?? ''
  await expect.poll(() => linksSentTo(phone).length, { message: 'the payment details SMS' }).toBe(1)
  const [link] = linksSentTo(phone)

  // Chrome instead of WhatsApp's in-app browser: no session, no account.
  const chrome = await freshPage(browser)
  await chrome.goto(link as string)
  await expect(chrome.getByRole('heading', { level: 1, name: /^Pay ₹[\d,]+ to confirm your place$/ })).toBeVisible()
  await expect(chrome.getByText(reference).first()).toBeVisible()
  // The journey runs at 1280 px; the phone's layout of the private link's page is checked too.
  await chrome.setViewportSize(viewports.mobile)
  expect(await sidewaysOverflow(chrome)).toEqual([])
  await chrome.setViewportSize(viewports.desktop)
  await shoot(chrome, 'private-link')
  await chrome.getByLabel('UPI transaction reference (UTR)').fill(freshUtr())
  await chrome.getByRole('button', { name: 'Submit UTR' }).click()
  await expect(chrome.getByText('Thank you, we have your UTR')).toBeVisible()
  await shoot(chrome, 'private-link-utr-sent')

  // A third browser: the same phone is refused, and may ask for its link again.
  const other = await freshPage(browser)
  await enrol(other, '/python-registration', phone)
  const offer = other.getByRole('button', { name: 'Send me my payment link' })
  await expect(offer).toBeVisible()
  await expect(other.getByText(reference)).toHaveCount(0)
  await offer.click()
  await expect(other.getByText(/^We have sent your payment link to \+91 93x+\d{3}\.$/)).toBeVisible()
  await shoot(other, 'payment-link-sent')
  await expect.poll(() => linksSentTo(phone).length, { message: 'the link sent again' }).toBe(2)
  expect(linksSentTo(phone)[1]).toBe(link)
})

test('a ?ref= code is kept from the home page to the course page and its payment step', async ({ page, browser }) => {
  const referrer = freshPhone()
  await signupViaApi(page, 'Road Referrer', referrer)
  await loginViaApi(page, referrer, PASSWORD)
  const code = (await visitor(page))?.referral_code ?? ''
  expect(code).toMatch(/^IRCTP\d{4,}$/)

  const student = await freshPage(browser)
  await student.goto(`/?ref=${code.toLowerCase()}`)
  await student.goto('/courses')
  await student.getByRole('link', { name: /Java/ }).first().click()
  await expect(student).toHaveURL(/registration/)
  const field = student.locator('section#enrol').getByLabel('Referral code (optional)')
  await expect(field).toHaveValue(code)
  await enrol(student, student.url().split('#')[0] as string, freshPhone())
  await expect(student.getByText(`Referred by ${code}`)).toBeVisible()
  await shoot(student, 'referred-by')
})
