import { expect, test, type Browser, type Page } from '@playwright/test'

import { expectNoAxeViolations } from './axe'
import { confirmSignupCode } from './sms'
import { adminAction, confirmDecision, loginViaApi, onServerDatabase, staffAccount, journeyViewports } from './support'

/*
 * GST invoices against the real server (docs/product.md section 18): the enrolment form's
 * state select and "GST invoice for a business" part (a GSTIN with a wrong check digit is
 * refused at its field), staff confirm the payment, the student downloads the invoice from
 * the dashboard, and its QR code's page /invoice/<token> shows the seller, number, date,
 * total and the buyer's name; axe on each page at 360 and 1280 px.
 */

const PASSWORD = 'invoice-journey-42'
const SELLER_GSTIN = '29AAGCB7383J1Z4'
const BUYER_GSTIN = '27AAPFU0939F1ZV'
const base = (Date.now() * 11) % 100_000_000
let issued = 0

function freshPhone(): string {
  issued += 1
  return `96${String((base + issued * 104_729) % 100_000_000).padStart(8, '0')}`
}

async function signUpAndLogIn(page: Page, name: string, phone: string) {
  await page.goto('/signup')
  await page.getByLabel('Name').fill(name)
  await page.getByLabel('Phone number').fill(phone)
  await page.getByLabel(/^Password/).fill(PASSWORD)
  await page.getByRole('button', { name: 'Sign up' }).click()
  await confirmSignupCode(page, phone)
  // The code signs the new account in (issue 33): straight to the dashboard. The machine
  // running the suite may be busy: the dashboard waits for its data first.
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 })
}

async function staffPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext()
  const page = await context.newPage()
  await loginViaApi(page, staffAccount.phone, staffAccount.password)
  return page
}

test.beforeAll(() => {
  // The seller registered for GST in Karnataka: payments get tax invoices.
  onServerDatabase([
    'from catalog.selectors import site_settings_row',
    'row = site_settings_row()',
    'row.legal_name = "Example Academy Private Limited"',
    'row.state = "29"',
    `row.gstin = "${SELLER_GSTIN}"`,
    'row.save()',
  ])
})

for (const [size, viewport] of Object.entries(journeyViewports)) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport })

    test(`a business enrols, pays, and downloads its tax invoice; the QR code's page checks it (${size})`, async ({ page, browser }) => {
      test.setTimeout(120_000)
      const phone = freshPhone()
      await signUpAndLogIn(page, `Meera Invoice ${size}`, phone)

      await page.goto('/Web-Development-registration')
      const form = page.getByRole('region', { name: /enrol in web development/i })
      // Name and phone come from the account; sign-up asks for no email.
      await form.getByRole('textbox', { name: 'Email', exact: true }).fill(`invoice-${phone}@example.com`)
      await form.getByLabel(/^State/).selectOption({ label: 'Maharashtra' })
      await form.getByText('GST invoice for a business (optional)').click()
      await form.getByLabel(/^GSTIN/).fill(`${BUYER_GSTIN.slice(0, 14)}W`)
      await form.getByLabel(/^Business name/).fill('Acme Learning LLP')
      await form.getByRole('button', { name: /enrol and pay/i }).click()

      // The server refuses the GSTIN at its field, with the reason.
      const gstin = form.getByLabel(/^GSTIN/)
      await expect(gstin).toHaveAttribute('aria-invalid', 'true')
      await expect(gstin).toHaveAccessibleDescription(/check digit/)
      await expect(gstin).toBeFocused()
      await expectNoAxeViolations(page, { settle: false })

      await gstin.fill(BUYER_GSTIN)
      await form.getByRole('button', { name: /enrol and pay/i }).click()
      const payLink = page.getByRole('link', { name: 'Pay ₹999 with UPI' })
      await expect(payLink).toBeVisible()
      const reference = new URL((await payLink.getAttribute('href')) ?? '').searchParams.get('tr') ?? ''
      expect(reference).toMatch(/^ENR-/)

      // Staff confirm the payment (it arrived without a UTR): the invoice is issued with it.
      const staff = await staffPage(browser)
      await adminAction(staff, '/admin/enrolments/enrolment/', reference, 'confirm_payment')
      await confirmDecision(staff, 'Confirm payment')
      await expect(staff.getByText('1 enrolment confirmed.')).toBeVisible()
      await staff.context().close()

      // The dashboard offers the invoice beside the enrolment; only this account downloads it.
      await page.goto('/dashboard')
      const invoiceLink = page.getByRole('link', { name: /^Invoice for Web Development/ })
      await expect(invoiceLink).toBeVisible()
      await expect(invoiceLink).toContainText(/INV\/\d\d-\d\d\/\d{6}/)
      await expectNoAxeViolations(page, { settle: false })
      const download = await page.request.get((await invoiceLink.getAttribute('href')) ?? '')
      expect(download.status()).toBe(200)
      expect(download.headers()['content-type']).toBe('application/pdf')
      expect((await download.body()).subarray(0, 4).toString()).toBe('%PDF')
      const number = ((await invoiceLink.textContent()) ?? '').match(/INV\/\d\d-\d\d\/\d{6}/)?.[0] ?? ''
      const token = /\/api\/invoices\/([^/]+)\/pdf$/.exec((await invoiceLink.getAttribute('href')) ?? '')?.[1] ?? ''

      // The check page, for anyone (a new browser, nobody logged in).
      const visitor = await (await browser.newContext({ viewport })).newPage()
      const response = await visitor.goto(`/invoice/${token}`)
      expect(response?.status()).toBe(200)
      await expect(visitor.getByRole('heading', { level: 1 })).toContainText(number)
      await expect(visitor.getByRole('heading', { level: 2, name: `Tax invoice ${number} is genuine` })).toBeVisible()
      for (const text of ['Example Academy Private Limited', SELLER_GSTIN, '₹999.00', `Meera Invoice ${size}`]) {
        await expect(visitor.getByText(text, { exact: true })).toBeVisible()
      }
      // Nothing personal beyond the buyer's name.
      await expect(visitor.getByText(BUYER_GSTIN)).toHaveCount(0)
      await expect(visitor.getByText(reference)).toHaveCount(0)
      await expectNoAxeViolations(visitor, { settle: false })
      await visitor.context().close()
    })
  })
}

test('an invoice address we never issued is the not-found page', async ({ page }) => {
  const response = await page.goto('/invoice/no-such-token')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { level: 1, name: /couldn’t find that page/i })).toBeVisible()
})
