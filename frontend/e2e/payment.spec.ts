import AxeBuilder from '@axe-core/playwright'
import { expect, test } from '@playwright/test'

import { viewports } from './support'

test('/payment shows the QR code, payee and amount at once beside the UPI link', async ({ page }) => {
  // A desktop browser: upi:// opens nothing, so the details must not wait for a timer.
  await page.setViewportSize(viewports.desktop)
  await page.clock.install()
  await page.goto('/payment')
  await expect(page.getByRole('heading', { level: 1, name: 'Redirecting to payment gateway...' })).toBeVisible()

  // The page's clock is stopped: whatever shows here did not come from a timer.
  const qr = page.getByRole('img', { name: /QR code to pay ₹199/ })
  await expect(qr).toBeVisible()
  await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0)
  await expect(page.getByText('placeholder@upi', { exact: true })).toBeVisible()
  await expect(page.getByText('₹199', { exact: true }).first()).toBeVisible()

  const href = await page.getByRole('link', { name: 'Pay ₹199 with UPI' }).getAttribute('href')
  const link = new URL(href ?? '')
  expect(link.protocol).toBe('upi:')
  expect(Object.fromEntries(link.searchParams)).toEqual({
    pa: 'placeholder@upi',
    pn: 'YourBrand (placeholder)',
    am: '199.00',
    cu: 'INR',
    tn: '4-day training bootcamp',
  })
})

test('/payment is titled with the bootcamp and sends the visitor to its page to register the payment', async ({ page }) => {
  await page.goto('/payment')
  const header = page.getByRole('heading', { level: 1 }).locator('..')
  await expect(header).toContainText('Java + Android Bootcamp')
  await expect(header).not.toContainText(/4-day/i)
  await page.getByRole('link', { name: 'Java + Android Bootcamp page' }).click()
  await expect(page).toHaveURL(/\/java\+android_bootcamp$/)
  await expect(page.locator('a[href="/payment"]')).toHaveCount(0)
})

for (const [name, viewport] of Object.entries(viewports)) {
  test(`/payment has no axe violations (${name})`, async ({ page }) => {
    await page.setViewportSize(viewport)
    await page.goto('/payment')
    await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible()
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
    expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([])
  })
}
