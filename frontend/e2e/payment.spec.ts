import AxeBuilder from '@axe-core/playwright'
import { expect, test } from '@playwright/test'

import { viewports } from './support'

/*
 * /payment is kept for old links only: the server sends the visitor to the bootcamp's
 * enrolment form, the one way to pay for it (the payment then carries the enrolment's
 * reference). No "Redirecting to payment gateway..." page, no UPI payment of its own.
 */

test('/payment answers with a redirect to the bootcamp enrolment form', async ({ page }) => {
  const response = await page.request.get('/payment', { maxRedirects: 0 })
  expect(response.status()).toBe(302)
  expect(response.headers()['location']).toBe('/java+android_bootcamp#enrol')
})

for (const [name, viewport] of Object.entries(viewports)) {
  test(`/payment lands on the enrolment form, one way to pay (${name})`, async ({ page }) => {
    await page.setViewportSize(viewport)
    await page.goto('/payment')
    await expect(page).toHaveURL(/\/java\+android_bootcamp#enrol$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Java + Android Bootcamp' })).toBeVisible()
    await expect(page.getByRole('heading', { level: 2, name: /^Enrol/ })).toBeInViewport()
    await expect(page.getByText('Redirecting to payment gateway...')).toHaveCount(0)
    // Nothing to pay before the enrolment gives the payment its reference.
    await expect(page.locator('a[href^="upi:"]')).toHaveCount(0)
    await page.waitForLoadState('networkidle')
    await page.screenshot({ path: `test-results/screenshots/issue33-payment-${viewport.width}.png` })
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
    expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([])
  })
}
