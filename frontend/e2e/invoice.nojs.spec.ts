import { expect, test } from '@playwright/test'

/*
 * The enrolment form's invoice fields with JavaScript switched off: the state select and
 * the "GST invoice for a business" part (a native <details>) are posted with the form, and
 * the server's refusal of a GSTIN comes back at its field, the part open, what was typed kept.
 */

test.use({ javaScriptEnabled: false })

const base = (Date.now() * 13) % 100_000_000
let issued = 0

function freshPhone(): string {
  issued += 1
  return `95${String((base + issued * 104_717) % 100_000_000).padStart(8, '0')}`
}

test('a business GSTIN with a wrong check digit is refused at its field, then a good one enrols', async ({ page }) => {
  const phone = freshPhone()
  await page.goto('/python-registration')
  const form = page.getByRole('region', { name: /Enrol in Python/ })
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill('Nojs Business')
  await form.getByLabel('Phone number').fill(phone)
  await form.getByLabel('Email').fill(`nojs-gst-${phone}@example.com`)
  await form.getByLabel(/^State/).selectOption({ label: 'Karnataka' })
  await form.getByText('GST invoice for a business (optional)').click()
  await form.getByLabel(/^GSTIN/).fill('29AAGCB7383J1Z5')
  await form.getByLabel(/^Business name/).fill('Acme Learning LLP')
  await form.getByRole('button', { name: /Enrol and pay/ }).click()

  await expect(form.getByText(/last character \(its check digit\) does not match/)).toBeVisible()
  await expect(form.getByLabel(/^GSTIN/)).toHaveAttribute('aria-invalid', 'true')
  await expect(form.getByLabel(/^GSTIN/)).toBeFocused()
  await expect(form.getByLabel(/^GSTIN/)).toHaveValue('29AAGCB7383J1Z5')
  await expect(form.getByLabel(/^Business name/)).toHaveValue('Acme Learning LLP')
  await expect(form.getByLabel(/^State/)).toHaveValue('29')

  await form.getByLabel(/^GSTIN/).fill('29AAGCB7383J1Z4')
  await form.getByRole('button', { name: /Enrol and pay/ }).click()
  await expect(page.getByRole('link', { name: /Pay ₹\S+ with UPI/ })).toBeVisible()
})
