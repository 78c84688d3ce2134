import { readFileSync } from 'node:fs'

import { expect, test, type Browser, type Page } from '@playwright/test'

import { expectNoAxeViolations } from './axe'
import { PASSWORD, freshPhone, loginViaForm, signupViaApi } from './accounts-support'
import { codesSentTo, confirmSignupCode, expireCodesFor, nextCodeFor, toE164, wrongCode } from './sms'
import { csrfToken, journeyViewports, loginViaApi, visitor } from './support'

/*
 * Issue 20's journeys against the real server from a fresh database, the codes read from
 * the server's log (the console SMS backend): sign-up confirmed by a code, a forgotten
 * password, the account page (details, password, other devices, the data download,
 * deletion) and an enrolment made before sign-up reaching the dashboard.
 *
 * A code's expiry (10 minutes) cannot be waited for: the journey moves the code's times
 * back on the run's database (expireCodesFor); pytest covers the rule with time-machine.
 */

const NEW_PASSWORD = 'a-fresh-start-2026'

async function screenshot(page: Page, id: string) {
  const width = page.viewportSize()?.width ?? 0
  await page.screenshot({ path: `test-results/screenshots/${id}-${width}.png`, fullPage: true })
}

function spaced(phone: string): string {
  return `${phone.slice(0, 5)} ${phone.slice(5)}`
}

async function newLoggedInPage(browser: Browser, phone: string, password = PASSWORD): Promise<Page> {
  const context = await browser.newContext()
  const page = await context.newPage()
  await loginViaApi(page, phone, password)
  return page
}

async function isLoggedIn(page: Page): Promise<boolean> {
  return (await visitor(page)) !== null
}

/** An enrolment made on a course page's API without an account (a visitor's). */
async function enrolAsVisitor(page: Page, phone: string, name: string): Promise<string> {
  await page.goto('/Web-Development-registration')
  const response = await page.request.post('/api/enrolments', {
    data: { course: 'web-development', name, phone, email: `early-${phone}@example.com`, referral_code: '' },
    headers: { 'X-CSRFToken': await csrfToken(page), Referer: page.url() },
  })
  expect(response.status(), await response.text()).toBe(201)
  return ((await response.json()) as { reference: string }).reference
}

test('sign-up with a code: a wrong code, the resend wait, a reload, then the right code', async ({ page }) => {
  const phone = freshPhone()
  await page.goto('/signup')
  await page.getByLabel('Name').fill('Code Journey')
  await page.getByLabel('Phone number').fill(spaced(phone))
  await page.getByLabel(/^Password/).fill(PASSWORD)
  await page.getByRole('button', { name: 'Sign up' }).click()

  const code = page.getByLabel(/Verification code/)
  await expect(code).toBeVisible()
  await expect(code).toHaveAttribute('autocomplete', 'one-time-code')
  await expect(page.getByText(`+91 ${phone.slice(0, 2)}xxxxx${phone.slice(7)}`)).toBeVisible()
  // No account exists before the code.
  const sent = await nextCodeFor(phone, 0)

  // The resend wait is shown on the button.
  const resend = page.getByRole('button', { name: 'Resend code' })
  await expect(resend).toBeDisabled()
  await expect(page.getByText(/^You can ask for a new code in \d+ seconds?\.$/)).toBeVisible()

  await code.fill(wrongCode(sent))
  await page.getByRole('button', { name: 'Confirm and sign up' }).click()
  await expect(page.getByLabel(/Verification code/)).toHaveAccessibleDescription(/Incorrect code\. 4 tries left\./)

  // The step survives a reload (the phone is in the address, never the password).
  await page.reload()
  expect(page.url()).not.toContain(PASSWORD)
  await expect(page.getByLabel(/Verification code/)).toBeVisible()

  await confirmSignupCode(page, phone, 0)
  // Signed up is logged in: on to the dashboard without a second login.
  await expect(page).toHaveURL(/\/dashboard$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Hi, Code Journey' })).toBeVisible()
})

test('sign-up with an expired code: refused at the field, then a new code signs up', async ({ page }) => {
  const phone = freshPhone()
  await page.goto('/signup')
  await page.getByLabel('Name').fill('Late Typist')
  await page.getByLabel('Phone number').fill(spaced(phone))
  await page.getByLabel(/^Password/).fill(PASSWORD)
  await page.getByRole('button', { name: 'Sign up' }).click()
  const sent = await nextCodeFor(phone, 0)

  // Eleven minutes later the code has expired: refused next to the field.
  expireCodesFor(phone)
  await page.getByLabel(/Verification code/).fill(sent)
  await page.getByRole('button', { name: 'Confirm and sign up' }).click()
  await expect(page.getByLabel(/Verification code/)).toHaveAccessibleDescription(/This code has expired\. Ask for a new one\./)

  // A new code, asked for on the page as it stands eleven minutes on (the address's
  // resend time long past), signs up.
  const later = new URL(page.url())
  later.searchParams.set('resend', String(Math.floor(Date.now() / 1000) - 600))
  await page.goto(later.pathname + later.search)
  await page.getByRole('button', { name: 'Resend code' }).click()
  await nextCodeFor(phone, 1)
  await confirmSignupCode(page, phone, 1)
  await expect(page).toHaveURL(/\/dashboard$/)
})

test('an enrolment made before sign-up shows on the dashboard, and in the downloaded data', async ({ page }) => {
  const phone = freshPhone()
  const reference = await enrolAsVisitor(page, phone, 'Early Enroller')
  await signupViaApi(page, 'Early Enroller', phone)
  await page.goto('/login')
  await loginViaForm(page, phone, PASSWORD)
  await expect(page).toHaveURL(/\/dashboard$/)
  await expect(page.getByText(reference, { exact: true })).toBeVisible()

  await page.getByRole('link', { name: 'Account settings' }).click()
  await expect(page).toHaveURL(/\/account$/)
  const downloading = page.waitForEvent('download')
  await page.getByRole('link', { name: 'Download my data' }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.json$/)
  const data = JSON.parse(readFileSync(await download.path(), 'utf-8')) as {
    account: { phone: string }
    enrolments: { reference: string; course: string; amount: unknown; status: string }[]
  }
  expect(data.account.phone).toBe(toE164(phone))
  expect(data.enrolments).toEqual([expect.objectContaining({ reference, course: 'Web Development (MERN stack)', status: expect.any(String) })])
})

test('a forgotten password: a code, a new password, and the other browser’s session ends', async ({ page, browser }) => {
  // A long journey (several password checks, each an argon2 hash): three times the usual time.
  test.slow()
  const phone = freshPhone()
  await signupViaApi(page, 'Forgetful', phone)
  const elsewhere = await newLoggedInPage(browser, phone)
  expect(await isLoggedIn(elsewhere)).toBe(true)

  await page.goto('/login')
  await page.getByRole('link', { name: 'Forgot password?' }).click()
  await expect(page).toHaveURL(/\/forgot-password$/)
  const before = codesSentTo(phone).length
  await page.getByLabel('Phone number').fill(spaced(phone))
  await page.getByRole('button', { name: 'Send me a code' }).click()
  await expect(page.getByLabel(/Verification code/)).toBeVisible()
  const code = await nextCodeFor(phone, before)

  await page.getByLabel(/Verification code/).fill(code)
  await page.getByLabel(/^New password/).fill('password123')
  await page.getByRole('button', { name: 'Change password' }).click()
  await expect(page.getByLabel(/^New password/)).toHaveAccessibleDescription(/This password is too common\./)

  await page.getByLabel(/^New password/).fill(NEW_PASSWORD)
  await page.getByRole('button', { name: 'Change password' }).click()
  await expect(page.getByRole('status').getByText('Password changed')).toBeVisible()
  await expect(page).toHaveURL(/\/login$/)
  await expect(page.getByText('Now log in with your new password.')).toBeVisible()
  await expect(page.getByLabel('Phone number')).toHaveValue(spaced(phone))

  expect(await isLoggedIn(elsewhere)).toBe(false)
  await loginViaForm(page, spaced(phone), NEW_PASSWORD)
  await expect(page).toHaveURL(/\/dashboard$/)
  await elsewhere.context().close()
})

test('the forgotten-password answer is the same for a phone without an account', async ({ page }) => {
  await page.goto('/forgot-password')
  await page.getByLabel('Phone number').fill(freshPhone())
  await page.getByRole('button', { name: 'Send me a code' }).click()
  await expect(page.getByLabel(/Verification code/)).toBeVisible()
  await expect(page.getByText(/^If an account has the number/)).toBeVisible()
})

test('the account page: details, password, other devices', async ({ page, browser }) => {
  // A long journey (several password checks, each an argon2 hash): three times the usual time.
  test.slow()
  const phone = freshPhone()
  await signupViaApi(page, 'Account Holder', phone)
  await page.goto('/account')
  await expect(page).toHaveURL(/\/login\?next=%2Faccount$/)
  await loginViaForm(page, phone, PASSWORD)
  await expect(page).toHaveURL(/\/account$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible()

  const details = page.getByRole('region', { name: 'Your details' })
  // A new email needs the current password: the field appears once the email differs.
  await expect(details.getByLabel(/^Current password/)).toHaveCount(0)
  await details.getByLabel(/^Name/).fill('Account Holder Renamed')
  await details.getByLabel(/^Email/).fill('not-an-email')
  await details.getByLabel(/^Current password/).fill(PASSWORD)
  await details.getByRole('button', { name: 'Save details' }).click()
  await expect(details.getByLabel(/^Email/)).toHaveAttribute('aria-invalid', 'true')
  await details.getByLabel(/^Email/).fill('holder@example.com')
  await details.getByLabel(/^Current password/).fill('not-my-password')
  await details.getByRole('button', { name: 'Save details' }).click()
  await expect(details.getByLabel(/^Current password/)).toHaveAccessibleDescription(/Your current password is not right\./)
  expect((await visitor(page))?.email).not.toBe('holder@example.com')
  await details.getByLabel(/^Current password/).fill(PASSWORD)
  await details.getByRole('button', { name: 'Save details' }).click()
  await expect(details.getByText('Your details are saved.')).toBeVisible()
  await expect(details.getByLabel(/^Current password/)).toHaveCount(0)
  const me = await visitor(page)
  expect(me).toMatchObject({ name: 'Account Holder Renamed', email: 'holder@example.com' })

  const other = await newLoggedInPage(browser, phone)
  const password = page.getByRole('region', { name: 'Password' })
  await password.getByLabel(/^Current password/).fill('not-my-password')
  await password.getByLabel(/^New password/).fill(NEW_PASSWORD)
  await password.getByRole('button', { name: 'Change password' }).click()
  await expect(password.getByLabel(/^Current password/)).toHaveAccessibleDescription('Your current password is not right.')
  await password.getByLabel(/^Current password/).fill(PASSWORD)
  await password.getByLabel(/^New password/).fill(NEW_PASSWORD)
  await password.getByRole('button', { name: 'Change password' }).click()
  await expect(password.getByText('Password changed')).toBeVisible()
  // This browser stays logged in; the other one is logged out.
  expect(await isLoggedIn(page)).toBe(true)
  expect(await isLoggedIn(other)).toBe(false)

  const third = await newLoggedInPage(browser, phone, NEW_PASSWORD)
  await page.getByRole('button', { name: 'Log out of other devices' }).click()
  await expect(page.getByText('Logged out of every other device.')).toBeVisible()
  expect(await isLoggedIn(third)).toBe(false)
  expect(await isLoggedIn(page)).toBe(true)
  await page.goto('/dashboard')
  await expect(page.getByRole('heading', { level: 1, name: 'Hi, Account Holder Renamed' })).toBeVisible()
  await other.context().close()
  await third.context().close()
})

test('deleting the account: password, confirmation, then the phone has no account', async ({ page }) => {
  const phone = freshPhone()
  await signupViaApi(page, 'Leaving Soon', phone)
  await loginViaApi(page, phone, PASSWORD)
  await page.goto('/account')
  await page.getByRole('button', { name: 'Delete my account' }).click()
  const dialog = page.getByRole('dialog', { name: 'Delete your account for good?' })
  await expect(dialog).toBeVisible()
  await dialog.getByLabel(/^Your password/).fill('not-my-password')
  await dialog.getByRole('button', { name: 'Yes, delete my account' }).click()
  await expect(dialog.getByLabel(/^Your password/)).toHaveAccessibleDescription(/Your password is not right\./)
  await dialog.getByLabel(/^Your password/).fill(PASSWORD)
  await dialog.getByRole('button', { name: 'Yes, delete my account' }).click()

  await expect(page).toHaveURL(/\/\?account=deleted$/)
  await expect(page.getByRole('status').getByText('Your account has been deleted')).toBeVisible()
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login' }).first()).toBeAttached()
  expect(await isLoggedIn(page)).toBe(false)

  await page.goto('/login')
  await loginViaForm(page, phone, PASSWORD)
  await expect(page.getByRole('alert').getByText('No Account Found Please Sign Up First')).toBeVisible()
})

for (const [width, viewport] of Object.entries(journeyViewports)) {
  test.describe(`axe and screenshots at ${viewport.width} px`, () => {
    test.use({ viewport })

    test(`sign-up's code step, /forgot-password's steps (${width})`, async ({ page }) => {
      // A long journey (several password checks, each an argon2 hash): three times the usual time.
      test.slow()
      const phone = freshPhone()
      await page.goto('/signup')
      await page.getByLabel('Name').fill(`Axe ${width}`)
      await page.getByLabel('Phone number').fill(phone)
      await page.getByLabel(/^Password/).fill(PASSWORD)
      await page.getByRole('button', { name: 'Sign up' }).click()
      const code = await nextCodeFor(phone, 0)
      await page.getByLabel(/Verification code/).fill(wrongCode(code))
      await page.getByRole('button', { name: 'Confirm and sign up' }).click()
      await expect(page.getByText(/Incorrect code/)).toBeVisible()
      await expectNoAxeViolations(page)
      await screenshot(page, 'signup-code-step')

      await page.goto('/forgot-password')
      await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible()
      await expectNoAxeViolations(page)
      await screenshot(page, 'forgot-password')
      await page.getByLabel('Phone number').fill(phone)
      await page.getByRole('button', { name: 'Send me a code' }).click()
      await page.getByRole('button', { name: 'Change password' }).click()
      await expect(page.getByLabel(/^New password/)).toHaveAttribute('aria-invalid', 'true')
      await expectNoAxeViolations(page)
      await screenshot(page, 'forgot-password-code')

      await page.goto('/forgot-password?uid=MQ&token=not-a-token')
      await page.getByLabel(/^New password/).fill(NEW_PASSWORD)
      await page.getByRole('button', { name: 'Change password' }).click()
      await expect(page.getByText('This link has expired or was already used.')).toBeVisible()
      await expectNoAxeViolations(page)
      await screenshot(page, 'forgot-password-link')
    })

    test(`/account, its delete dialog, and the privacy policy's rights (${width})`, async ({ page }) => {
      const phone = freshPhone()
      await signupViaApi(page, `Account ${width}`, phone)
      await loginViaApi(page, phone, PASSWORD)
      await page.goto('/account')
      await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible()
      await expectNoAxeViolations(page)
      await screenshot(page, 'account')
      await page.getByRole('button', { name: 'Delete my account' }).click()
      await expect(page.getByRole('dialog')).toBeVisible()
      await expectNoAxeViolations(page)
      // The dialog as the visitor sees it (a full-page picture would leave it mid-page).
      await page.screenshot({ path: `test-results/screenshots/account-delete-dialog-${viewport.width}.png` })

      await page.goto('/privacy-policy')
      await expect(page.getByRole('region', { name: 'Your rights under the DPDP Act 2023' })).toBeVisible()
      await expectNoAxeViolations(page)
      await screenshot(page, 'privacy-policy')
    })
  })
}
