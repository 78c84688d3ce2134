import { expect, test } from '@playwright/test'

import { expectNoAxeViolations } from './axe'
import { journeyViewports, loginViaApi, runTag, sidewaysOverflow, staffAccount } from './support'

/*
 * A discount code (docs/product.md section 22), JavaScript on: staff add one in the back
 * office's "Discount codes" (20 %, every course, valid today), a student arrives from the
 * offer's link (`?coupon=`), the "Discount code" field is filled in, an unknown code is
 * refused at the field, and the enrolment's payment step, its UPI link's `am` and the
 * amount staff see are the price after the discount: 20 % off ₹999 is ₹799. Paid by UPI
 * with a UTR. Screenshots to SHOTS (when set).
 */

function indiaToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date())
}

const base = (Date.now() * 7) % 100_000_000
let issued = 0
function freshPhone(): string {
  issued += 1
  return `96${String((base + issued * 104_723) % 100_000_000).padStart(8, '0')}`
}
function freshUtr(): string {
  issued += 1
  return `6${String((base * 17 + issued * 7_919) % 100_000_000_000).padStart(11, '0')}`
}

for (const [name, size] of Object.entries(journeyViewports)) {
  test(`an enrolment with a discount code pays the price after the discount by UPI (${name})`, async ({ page, browser }) => {
    const code = `LAUNCH${runTag().toUpperCase()}`
    const office = await (await browser.newContext()).newPage()
    await loginViaApi(office, staffAccount.phone, staffAccount.password)
    await office.goto('/admin/enrolments/discountcode/add/')
    await office.locator('[name="code"]').fill(code)
    await office.locator('[name="percentage"]').fill('20')
    await office.locator('[name="valid_from"]').fill(indiaToday())
    await office.locator('[name="valid_until"]').fill(indiaToday())
    await office.locator('[name="uses"]').fill('5')
    await office.locator('button[name="_save"]').first().click()
    await expect(office.getByText(/was added successfully/).first()).toBeVisible()

    await page.setViewportSize(size)
    await page.goto(`/Web-Development-registration?coupon=${code.toLowerCase()}`)
    const section = page.getByRole('region', { name: /Enrol in Web Development/ })
    const field = section.getByLabel('Discount code')
    await expect(field).toHaveValue(code.toLowerCase())
    const phone = freshPhone()
    await section.getByLabel(/^Name/).fill('Discount Student')
    await section.getByLabel('Phone number').fill(phone)
    await section.getByLabel('Email').fill(`discount-${phone}@example.com`)

    // A code that does not exist: refused at the field, and nothing is made.
    await field.fill('NOSUCHCODE')
    await section.getByRole('button', { name: /^Enrol and pay/ }).click()
    await expect(field).toHaveAccessibleDescription(/This code does not exist\./)
    await expect(field).toBeFocused()
    expect(await sidewaysOverflow(page)).toEqual([])
    await expectNoAxeViolations(page)

    await field.fill(code.toLowerCase())
    await section.getByRole('button', { name: /^Enrol and pay/ }).click()
    await expect(page.getByRole('heading', { level: 2, name: 'Pay ₹799 to confirm your place' })).toBeVisible()
    const reference = (await page.locator('dd.font-mono').first().textContent())?.trim() ?? ''
    await expect(page.getByRole('link', { name: 'Pay ₹799 with UPI' })).toHaveAttribute('href', /[?&]am=799\.00(&|$)/)
    if (process.env.SHOTS) await page.screenshot({ path: `${process.env.SHOTS}/discount-payment-step-${name}.png`, fullPage: true })
    await page.getByLabel('UPI transaction reference (UTR)').fill(freshUtr())
    await page.getByRole('button', { name: 'Submit UTR' }).click()
    await expect(page.getByText('Thank you, we have your UTR')).toBeVisible()

    // Staff see the price after the discount, and the code's one use.
    await office.goto(`/admin/enrolments/enrolment/?q=${reference}`)
    await expect(office.locator('#result_list')).toContainText('₹799')
    await office.goto(`/admin/enrolments/discountcode/?q=${code}`)
    await expect(office.locator('#result_list tr', { hasText: code })).toContainText('20 %')
    await expect(office.locator('#result_list tr', { hasText: code }).locator('td.field-uses_taken')).toHaveText('1')
  })
}
