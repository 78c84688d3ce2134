import { expect, test } from '@playwright/test'

import { viewports } from './support'

/*
 * The payment step with Razorpay configured and JavaScript off (razorpay.spec.ts has it
 * on): Checkout is a script, so no button that would do nothing; the UPI road stays.
 */

test.use({ javaScriptEnabled: false })
test.skip(process.env.E2E_PAYMENT_GATEWAY !== 'razorpay', 'needs the site with Razorpay: E2E_PAYMENT_GATEWAY=razorpay scripts/e2e.sh e2e/razorpay')

const base = (Date.now() * 5) % 100_000_000
let issued = 0

function freshPhone(): string {
  issued += 1
  return `94${String((base + issued * 104_711) % 100_000_000).padStart(8, '0')}`
}

const SHOTS = process.env.E2E_SHOTS_DIR

for (const [name, size] of Object.entries(viewports)) {
  test(`without JavaScript the payment step is the UPI road (${name})`, async ({ page }) => {
    await page.setViewportSize(size)
    await page.goto('/Web-Development-registration')
    const section = page.locator('section#enrol')
    const phone = freshPhone()
    await section.getByLabel(/^Name/).fill(`Offline ${name}`)
    await section.getByLabel('Phone number').fill(phone)
    await section.getByLabel('Email').fill(`offline-${phone}@example.com`)
    await section.getByRole('button', { name: 'Enrol and pay ₹999' }).click()

    await expect(page.getByRole('heading', { level: 2, name: 'Pay ₹999 to confirm your place' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Pay ₹999 online' })).toHaveCount(0)
    await expect(page.getByText('Online payment needs JavaScript')).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Pay by UPI yourself' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Pay ₹999 with UPI' })).toBeVisible()
    await expect(page.getByLabel('UPI transaction reference (UTR)')).toBeVisible()
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/payment-step-nojs-${name}.png`, fullPage: true })
  })
}
