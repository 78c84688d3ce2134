import { expect, test, type Page } from '@playwright/test'

import { freshPhone, loginViaForm, PASSWORD, signupViaApi } from './accounts-support'
import { toE164 } from './sms'
import { payableReferrals } from './support'

/*
 * The dashboard's rewards with JavaScript switched off (the no-javascript project): Get
 * Rewards opens the payout form (a link to ?payout=open), a malformed UPI ID is refused
 * with the server's words at the field, a good one shows the confirmation after the
 * redirect, and "Show all" opens the whole reward history (?history=all).
 */

function rewards(page: Page) {
  return page.getByRole('region', { name: 'Your rewards' })
}

test('request a payout and read the whole reward history without JavaScript', async ({ page }) => {
  test.setTimeout(90_000)
  const phone = freshPhone()
  await signupViaApi(page, `No Script ${phone.slice(-4)}`, phone)
  // Eleven confirmed referrals past their hold: ₹ payable, and one line more than the preview.
  payableReferrals(toE164(phone), 11)

  await page.goto('/login?next=%2Fdashboard')
  await loginViaForm(page, phone, PASSWORD)
  await expect(page).toHaveURL(/\/dashboard$/)

  const section = rewards(page)
  const history = section.getByRole('region', { name: 'Reward history' })
  await expect(history.getByRole('listitem')).toHaveCount(10)
  await history.getByRole('link', { name: 'Show all 11 entries' }).click()
  await expect(page).toHaveURL(/\/dashboard\?history=all#/)
  await expect(history.getByRole('listitem')).toHaveCount(11)
  await expect(history.getByRole('link', { name: 'Show the latest 10 only' })).toBeVisible()

  await section.getByRole('link', { name: 'Get Rewards' }).click()
  await expect(page).toHaveURL(/[?&]payout=open/)
  const upi = section.getByLabel('UPI ID')
  await upi.fill('not a upi id')
  await section.getByRole('button', { name: /^Request ₹/ }).click()
  await expect(upi).toHaveAttribute('aria-invalid', 'true')
  // The page the server answers with opens at the form, where its error is.
  await expect(page).toHaveURL(/#payout$/)
  await expect(upi).toBeInViewport()
  await expect(section.getByText('Enter a valid UPI ID, for example name@bank.')).toBeVisible()
  await expect(upi).toHaveValue('not a upi id')

  // Cancel is a link back to the page without the form.
  await section.getByRole('link', { name: 'Cancel' }).click()
  await expect(section.getByLabel('UPI ID')).toHaveCount(0)
  await section.getByRole('link', { name: 'Get Rewards' }).click()

  const upiId = `nojs${phone.slice(-6)}@okaxis`
  await section.getByLabel('UPI ID').fill(upiId)
  await section.getByRole('button', { name: /^Request ₹/ }).click()
  await expect(page).toHaveURL(/[?&]payout=requested#payout$/)
  const confirmation = section.getByRole('status').filter({ hasText: 'Payout requested' })
  await expect(confirmation).toContainText(`to ${upiId} soon`)
  await expect(section.getByRole('button', { name: 'Get Rewards' })).toBeDisabled()
  // A reload asks for nothing again: the page was reached by a redirect (GET).
  await page.reload()
  await expect(confirmation).toBeVisible()
})
