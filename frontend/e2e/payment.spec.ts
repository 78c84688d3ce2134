import AxeBuilder from '@axe-core/playwright'
import { expect, test } from '@playwright/test'

import { viewports } from './support'

test('/payment redirects to the UPI link and then shows the QR code, payee and amount', async ({ page }) => {
  await page.goto('/payment')
  await expect(page.getByRole('heading', { level: 1, name: 'Redirecting to payment gateway...' })).toBeVisible()

  const qr = page.getByRole('img', { name: /QR code to pay ₹199/ })
  await expect(qr).toBeVisible()
  await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0)
  await expect(page.getByText('placeholder@upi', { exact: true })).toBeVisible()

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

test('the bootcamp page links to /payment', async ({ page }) => {
  await page.goto('/java+android_bootcamp')
  await page.getByRole('link', { name: /pay ₹199/i }).click()
  await expect(page).toHaveURL(/\/payment$/)
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
