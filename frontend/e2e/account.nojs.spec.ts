import { expect, test } from '@playwright/test'

import { PASSWORD, freshPhone, loginViaForm, signupViaApi } from './accounts-support'
import { codesSentTo, confirmSignupCode, nextCodeFor, wrongCode } from './sms'
import { loginViaApi } from './support'

/**
 * Issue 20's forms with JavaScript switched off: each is a form the browser posts to its
 * page; the server calls the API and answers with the page (the API's errors next to the
 * fields, or the next step) or a redirect.
 */
test.use({ javaScriptEnabled: false })

const NEW_PASSWORD = 'no-script-fresh-2026'

test('sign-up’s code step: the server refuses an early resend with the seconds left, then the code signs up', async ({ page }) => {
  const phone = freshPhone()
  await page.goto('/registration')
  await page.getByLabel(/^Name/).fill('No Script Code')
  await page.getByLabel('Phone number').fill(phone)
  await page.getByLabel(/^Password/).fill(PASSWORD)
  await page.getByRole('button', { name: 'Sign up' }).click()
  await expect(page).toHaveURL(/\/registration\?phone=%2B91\d{10}&resend=\d+$/)
  const codeStep = page.url()
  // Without JavaScript the button is not held back: the server says how long to wait.
  await page.getByRole('button', { name: 'Resend code' }).click()
  await expect(page.getByText(/^You can ask for a new code in \d+ seconds?\.$/)).toBeVisible()
  await page.getByRole('link', { name: 'Change number' }).click()
  await expect(page).toHaveURL(/\/registration$/)
  // The code step's own address still holds it (the refused resend was a post, which the
  // browser keeps no copy of: never stored, as every answer to a post).
  await page.goto(codeStep)
  await confirmSignupCode(page, phone)
  // Signed up is logged in: on to the dashboard without a second login.
  await expect(page).toHaveURL(/\/dashboard$/)
})

test('forgotten password: phone, a wrong code refused, then the code and a new password', async ({ page }) => {
  const phone = freshPhone()
  await signupViaApi(page, 'No Script Forgetful', phone)
  await page.goto('/login')
  await page.getByRole('link', { name: 'Forgot password?' }).click()
  const before = codesSentTo(phone).length
  await page.getByLabel('Phone number').fill(phone)
  await page.getByRole('button', { name: 'Send me a code' }).click()
  await expect(page).toHaveURL(/\/forgot-password\?phone=%2B91\d{10}&resend=\d+$/)
  const code = await nextCodeFor(phone, before)

  await page.getByLabel(/Verification code/).fill(wrongCode(code))
  await page.getByLabel(/^New password/).fill(NEW_PASSWORD)
  await page.getByRole('button', { name: 'Change password' }).click()
  await expect(page.getByLabel(/Verification code/)).toHaveAccessibleDescription(/Incorrect code\. \d tries? left\./)
  // The password never comes back in the page.
  await expect(page.getByLabel(/^New password/)).toHaveValue('')

  await page.getByLabel(/Verification code/).fill(code)
  await page.getByLabel(/^New password/).fill(NEW_PASSWORD)
  await page.getByRole('button', { name: 'Change password' }).click()
  const changed = page.getByRole('status').filter({ hasText: 'Password changed' })
  await expect(changed).toBeVisible()
  await changed.getByRole('link', { name: 'Log in' }).click()
  await loginViaForm(page, phone, NEW_PASSWORD)
  await expect(page).toHaveURL(/\/dashboard$/)
})

test('the account page’s forms, and deletion through the page’s confirmation step', async ({ page }) => {
  const phone = freshPhone()
  await signupViaApi(page, 'No Script Holder', phone)
  await loginViaApi(page, phone, PASSWORD)
  await page.goto('/account')
  await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible()

  const details = page.getByRole('region', { name: 'Your details' })
  await details.getByLabel(/^Name/).fill('No Script Renamed')
  await details.getByLabel(/^Email/).fill('renamed@example.com')
  // Without JavaScript the field is always there; left empty, the server asks for it.
  await details.getByRole('button', { name: 'Save details' }).click()
  await expect(page.getByRole('region', { name: 'Your details' }).getByLabel(/^Current password/)).toHaveAccessibleDescription(
    /Enter your current password to change your email\./,
  )
  await page.getByRole('region', { name: 'Your details' }).getByLabel(/^Current password/).fill(PASSWORD)
  await page.getByRole('region', { name: 'Your details' }).getByRole('button', { name: 'Save details' }).click()
  await expect(page.getByRole('region', { name: 'Your details' }).getByText('Your details are saved.')).toBeVisible()
  await expect(page.getByRole('region', { name: 'Your details' }).getByLabel(/^Name/)).toHaveValue('No Script Renamed')

  const password = page.getByRole('region', { name: 'Password' })
  await password.getByLabel(/^Current password/).fill('not-my-password')
  await password.getByLabel(/^New password/).fill(NEW_PASSWORD)
  await password.getByRole('button', { name: 'Change password' }).click()
  await expect(page.getByRole('region', { name: 'Password' }).getByLabel(/^Current password/)).toHaveAccessibleDescription(
    'Your current password is not right.',
  )

  await page.getByRole('button', { name: 'Log out of other devices' }).click()
  await expect(page.getByText('Logged out of every other device.')).toBeVisible()

  const download = await page.request.get(await page.getByRole('link', { name: 'Download my data' }).getAttribute('href') ?? '')
  expect(download.status()).toBe(200)
  expect(download.headers()['content-disposition']).toMatch(/^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.json"$/)

  // Without JavaScript the page itself asks for the password and the confirmation.
  await page.getByRole('button', { name: 'Delete my account' }).click()
  const confirm = page.getByRole('region', { name: 'Delete my account' })
  await expect(confirm.getByRole('heading', { name: 'Delete your account for good?' })).toBeVisible()
  await confirm.getByLabel(/^Your password/).fill('not-my-password')
  await confirm.getByRole('button', { name: 'Yes, delete my account' }).click()
  await expect(page.getByRole('region', { name: 'Delete my account' }).getByLabel(/^Your password/)).toHaveAccessibleDescription(
    /Your password is not right\./,
  )
  await page.getByRole('region', { name: 'Delete my account' }).getByLabel(/^Your password/).fill(PASSWORD)
  await page.getByRole('region', { name: 'Delete my account' }).getByRole('button', { name: 'Yes, delete my account' }).click()
  await expect(page).toHaveURL(/\/\?account=deleted$/)
  await expect(page.getByRole('status').getByText('Your account has been deleted')).toBeVisible()

  await page.goto('/login')
  await loginViaForm(page, phone, PASSWORD)
  await expect(page.getByRole('alert').getByText('No Account Found Please Sign Up First')).toBeVisible()
})
