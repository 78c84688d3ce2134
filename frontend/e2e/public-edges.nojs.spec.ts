import { expect, test } from '@playwright/test'

import { PASSWORD, freshPhone, loginViaForm, signupViaApi } from './accounts-support'
import { pageData, viewports } from './support'

/*
 * The public site's rough edges (issue 33.8) with JavaScript switched off (the
 * no-javascript project): the home hero is a whole sentence, and the dashboard's words
 * name only controls that are there.
 */

test('the home hero reads a whole sentence without JavaScript', async ({ page }) => {
  const { site } = await pageData(page, '/api/pages/basic')
  for (const viewport of Object.values(viewports)) {
    await page.setViewportSize(viewport)
    await page.goto('/')
    await expect(page.getByTestId('typed-phrases-animated')).toHaveText(`We do ${site.typed_phrases[0]}`)
    await page.screenshot({ path: `test-results/screenshots/issue33-hero-nojs-${viewport.width}.png` })
  }
})

test('without JavaScript the dashboard names no button that is not there', async ({ page }) => {
  const phone = freshPhone()
  await signupViaApi(page, 'No Script Reader', phone)
  await page.goto('/login')
  await loginViaForm(page, phone, PASSWORD)
  await expect(page).toHaveURL(/\/dashboard$/)
  await expect(page.getByRole('button', { name: 'Copy Referral Code' })).toHaveCount(0)
  const steps = page.getByRole('region', { name: 'How referrals work' })
  await steps.getByText('How referrals work').click()
  await expect(steps.getByText('Select the code above and copy it.')).toBeVisible()
  await expect(steps.getByText('Choose a course below and copy its link, or share it straight to WhatsApp.')).toBeVisible()
  await expect(page.getByText(/Use Copy Referral Code|Get Referral Link/)).toHaveCount(0)
  for (const viewport of Object.values(viewports)) {
    await page.setViewportSize(viewport)
    await page.screenshot({ path: `test-results/screenshots/issue33-dashboard-nojs-${viewport.width}.png`, fullPage: true })
  }
})
