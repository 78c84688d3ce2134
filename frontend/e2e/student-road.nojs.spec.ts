import { expect, test, type Page } from '@playwright/test'

import { PASSWORD, signupViaApi } from './accounts-support'
import { loginViaApi, visitor } from './support'

/*
 * The student's road without JavaScript: the server sets the `?ref=` cookie and applies it to
 * an enrolment whose field was left empty; the refusal's "Send me my payment link" is a form.
 */

test.use({ javaScriptEnabled: false })

const base = (Date.now() * 17) % 100_000_000
let issued = 0
function freshPhone(): string {
  issued += 1
  return `92${String((base + issued * 104_723) % 100_000_000).padStart(8, '0')}`
}

async function enrol(page: Page, path: string, phone: string) {
  await page.goto(path)
  const form = page.locator('section#enrol')
  await form.getByLabel(/^Name/).fill('Nojs Road')
  await form.getByLabel('Phone number').fill(phone)
  await form.getByLabel('Email').fill(`nojs-road-${phone}@example.com`)
  await form.getByRole('button', { name: /^Enrol and pay/ }).click()
}

test('a ?ref= code reaches the enrolment without JavaScript, and the refusal offers the link', async ({ page, browser }) => {
  const referrer = freshPhone()
  await signupViaApi(page, 'Nojs Referrer', referrer)
  await loginViaApi(page, referrer, PASSWORD)
  const code = (await visitor(page))?.referral_code ?? ''
  expect(code).toMatch(/^IRCTP\d{4,}$/)

  const context = await browser.newContext({ javaScriptEnabled: false })
  const student = await context.newPage()
  await student.goto(`/?ref=${code}`)
  const phone = freshPhone()
  await enrol(student, '/java-registration', phone)
  await expect(student.getByText(`Referred by ${code}`)).toBeVisible()

  const other = await (await browser.newContext({ javaScriptEnabled: false })).newPage()
  await enrol(other, '/java-registration', phone)
  await other.getByRole('button', { name: 'Send me my payment link' }).click()
  await expect(other.getByText(/^We have sent your payment link to \+91 92x+\d{3}\.$/)).toBeVisible()
})
