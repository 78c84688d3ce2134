import { expect, test } from '@playwright/test'

import { PASSWORD, freshPhone, loginViaForm, signUpFromLoginKeepsNext } from './accounts-support'
import { confirmSignupCode } from './sms'
import { visitor } from './support'

/**
 * Accounts with JavaScript switched off: sign-up, login and logout are forms the browser
 * posts to their page; the server calls the API and answers with the page (the API's field
 * errors and what was typed, or the success) or a redirect (after login and logout).
 */
test.use({ javaScriptEnabled: false })

test('sign up (server field errors, then success), log in, see the dashboard, log out', async ({ page }) => {
  const phone = freshPhone()
  const typed = `${phone.slice(0, 5)} ${phone.slice(5)}`
  const name = 'No Script Learner'

  await page.goto('/signup')
  await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible()

  // Nothing checks the form in the browser: the server answers with the API's verdict.
  await page.getByLabel(/^Name/).fill(name)
  await page.getByLabel('Phone number').fill(typed)
  await page.getByLabel(/^Password/).fill('password123')
  await page.getByRole('button', { name: 'Sign up' }).click()
  await expect(page).toHaveURL(/\/signup$/)
  const password = page.getByLabel(/^Password/)
  await expect(password).toHaveAttribute('aria-invalid', 'true')
  await expect(password).toHaveAccessibleDescription(/This password is too common\./)
  // What was typed is back in the form, except the password.
  await expect(page.getByLabel(/^Name/)).toHaveValue(name)
  await expect(page.getByLabel('Phone number')).toHaveValue(typed)
  await expect(password).toHaveValue('')

  await password.fill(PASSWORD)
  await page.getByRole('button', { name: 'Sign up' }).click()
  // The code step has its own address (a reload keeps it); the code is in the server's log.
  await expect(page).toHaveURL(/\/signup\?phone=%2B91\d{10}&resend=\d+$/)
  await confirmSignupCode(page, phone)
  // Signed up is logged in: the server sends the new account on to its dashboard.
  await expect(page).toHaveURL(/\/dashboard$/)
  await expect(page.getByRole('heading', { level: 1, name: `Hi, ${name}` })).toBeVisible()
  // Where sign-up lands, its message (docs/product.md section 3), once: a reload is without it.
  await expect(page.getByRole('status').getByText('Successfully signed up')).toBeVisible()
  await page.reload()
  await expect(page.getByRole('heading', { level: 1, name: `Hi, ${name}` })).toBeVisible()
  await expect(page.getByText('Successfully signed up')).toHaveCount(0)
  await page.getByRole('button', { name: 'Logout' }).click()
  await expect(page).toHaveURL(/\/login$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible()

  // A wrong password is refused under the form; the right one opens the dashboard.
  await loginViaForm(page, typed, 'not-the-password-1')
  await expect(page.getByRole('alert').getByText('Invalid Password')).toBeVisible()
  await expect(page.getByLabel('Phone number')).toHaveValue(typed)
  await page.getByLabel(/^Password/).fill(PASSWORD)
  await page.getByRole('button', { name: 'Log in' }).click()
  await expect(page).toHaveURL(/\/dashboard$/)
  await expect(page.getByRole('heading', { level: 1, name: `Hi, ${name}` })).toBeVisible()
  await expect(page.getByText(`IRCTP${phone.slice(-4)}`, { exact: true })).toBeVisible()

  // Logged in, the sign-up and login pages send the visitor on to the dashboard.
  for (const path of ['/signup', '/registration', '/login']) {
    await page.goto(path)
    await expect(page).toHaveURL(/\/dashboard$/)
  }

  await page.getByRole('button', { name: 'Logout' }).click()
  await expect(page).toHaveURL(/\/login$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible()
  expect(await visitor(page)).toBeNull()
  await page.goto('/dashboard')
  await expect(page).toHaveURL(/\/login\?next=%2Fdashboard$/)
})

test('signing up with a phone that has an account is refused once, with a link to log in', async ({ page }) => {
  const phone = freshPhone()
  for (const attempt of [1, 2]) {
    await page.goto('/registration')
    await page.getByLabel(/^Name/).fill(`Twice ${attempt}`)
    await page.getByLabel('Phone number').fill(phone)
    await page.getByLabel(/^Password/).fill(PASSWORD)
    await page.getByRole('button', { name: 'Sign up' }).click()
    // The first time the account is made (form, then code); the second is refused.
    if (attempt === 1) {
      await confirmSignupCode(page, phone)
      await expect(page).toHaveURL(/\/dashboard$/)
      // Logged in by the sign-up: log out to try again as someone else would.
      await page.context().clearCookies()
    }
  }
  const message = 'An account with this phone number already exists. Please log in instead.'
  const alert = page.getByRole('alert').filter({ hasText: message })
  await expect(alert).toBeVisible()
  await expect(page.getByText(message)).toHaveCount(1)
  await expect(page.getByLabel('Phone number')).toHaveValue(phone)
  await alert.getByRole('link', { name: 'Go to login' }).click()
  await expect(page).toHaveURL(/\/login$/)
})

test('signing up from the login page keeps ?next= and ends there after logging in', async ({ page }) => {
  await signUpFromLoginKeepsNext(page, { phone: freshPhone(), next: '/internship/apply/android-development' })
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
})
