import { expect, test } from '@playwright/test'

import { expectNoAxeViolations } from './axe'
import { PASSWORD, freshPhone, loginViaForm, signUpFromLoginKeepsNext, signupViaApi } from './accounts-support'
import { confirmSignupCode } from './sms'
import { journeyViewports, staffAccount, visitor } from './support'

/*
 * Accounts against the real server: sign-up, login messages and throttling, the
 * dashboard's copy buttons, logout and the access redirects (screenshots of these pages
 * are in the screenshots project).
 */

for (const [width, viewport] of Object.entries(journeyViewports)) {
  test.describe(`journey at ${viewport.width} px`, () => {
    test.use({ viewport })

    test(`sign up, log in, copy the code and a course link, log out (${width})`, async ({ page, context, baseURL }) => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL })
      const phone = freshPhone()
      const name = `Journey ${width}`

      await page.goto('/signup')
      await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible()
      await page.getByLabel('Name').fill(name)
      await page.getByLabel('Phone number').fill(`${phone.slice(0, 5)} ${phone.slice(5)}`)
      await page.getByLabel(/^Password/).fill(PASSWORD)
      await page.getByRole('button', { name: 'Sign up' }).click()
      // The phone is confirmed by the code the server sent (its log, as the console SMS backend writes it).
      await expect(page.getByLabel(/Verification code/)).toBeVisible()
      await confirmSignupCode(page, phone)

      // Signed up is logged in: straight on to the dashboard, no second login.
      await expect(page).toHaveURL(/\/dashboard$/)
      await expect(page.getByRole('heading', { level: 1, name: `Hi, ${name}` })).toBeVisible()
      // Where sign-up lands, its message (docs/product.md section 3), once: a reload is without it.
      await expect(page.getByRole('status').getByText('Successfully signed up')).toBeVisible()
      await page.reload()
      await expect(page.getByRole('heading', { level: 1, name: `Hi, ${name}` })).toBeVisible()
      await expect(page.getByText('Successfully signed up')).toHaveCount(0)
      const code = `IRCTP${phone.slice(-4)}`
      await expect(page.getByText(code, { exact: true })).toBeVisible()

      await page.getByRole('button', { name: 'Copy Referral Code' }).click()
      const toast = page.getByText('Successfully copied to clipboard!')
      await expect(toast).toBeVisible()
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code)
      await expect(toast).toBeHidden({ timeout: 8_000 })

      const java = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name: 'Java', exact: true }) })
      await java.getByRole('button', { name: /get referral link/i }).click()
      await expect(toast).toBeVisible()
      const link = `${baseURL}/java-registration?ref=${code}`
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link)
      const whatsapp = java.getByRole('link', { name: /share on whatsapp/i })
      await expect(whatsapp).toHaveAttribute('href', new RegExp(`^https://wa\\.me/\\?text=.*${encodeURIComponent(link).replace(/[.?]/g, '\\$&')}`))
      await expect(whatsapp).toHaveAttribute('target', '_blank')

      await page.getByRole('button', { name: 'Logout' }).click()
      await expect(page).toHaveURL(/\/login$/)
      await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible()
      // The session is over on the server too.
      expect(await visitor(page)).toBeNull()
      await page.goto('/dashboard')
      await expect(page).toHaveURL(/\/login\?next=%2Fdashboard$/)
    })
  })
}

test('signing up with a phone that has an account is refused, with a link to log in', async ({ page }) => {
  await page.goto('/registration')
  await page.getByLabel('Name').fill('Someone Else')
  await page.getByLabel('Phone number').fill(staffAccount.phone)
  await page.getByLabel(/^Password/).fill('another-password-77')
  await page.getByRole('button', { name: 'Sign up' }).click()
  const alert = page.getByRole('alert').filter({ hasText: 'An account with this phone number already exists. Please log in instead.' })
  await expect(alert).toBeVisible()
  await alert.getByRole('link', { name: 'Go to login' }).click()
  await expect(page).toHaveURL(/\/login$/)
  await expect(page.getByLabel('Phone number')).toHaveValue(staffAccount.phone)
})

test('sign-up shows the server’s password verdict next to the field', async ({ page }) => {
  await page.goto('/signup')
  await page.getByLabel('Name').fill('Weak Password')
  await page.getByLabel('Phone number').fill(freshPhone())
  await page.getByLabel(/^Password/).fill('password123')
  await page.getByRole('button', { name: 'Sign up' }).click()
  await expect(page.getByText('This password is too common.')).toBeVisible()
  await expect(page.getByLabel(/^Password/)).toHaveAttribute('aria-invalid', 'true')
})

test('login says "Invalid Password" and "No Account Found Please Sign Up First" under the form', async ({ page }) => {
  const phone = freshPhone()
  await signupViaApi(page, 'Wrong Password', phone)

  await page.goto('/login')
  await loginViaForm(page, phone, 'not-the-password')
  await expect(page.getByRole('alert').getByText('Invalid Password', { exact: true })).toBeVisible()

  await loginViaForm(page, freshPhone(), PASSWORD)
  const noAccount = page.getByRole('alert').filter({ hasText: 'No Account Found Please Sign Up First' })
  await expect(noAccount).toBeVisible()
  await noAccount.getByRole('link', { name: 'Sign up now' }).click()
  await expect(page).toHaveURL(/\/signup$/)
})

test('repeated failed logins for one phone are refused with 429 and a time to retry', async ({ page }) => {
  const phone = freshPhone()
  await page.goto('/login')
  // The form posts to the login page's action (/login.data), which answers with the API's status.
  const loginAnswer = () =>
    page.waitForResponse((response) => response.request().method() === 'POST' && new URL(response.url()).pathname === '/login.data')
  for (let attempt = 1; attempt <= 5; attempt += 1) {
    const answer = loginAnswer()
    await loginViaForm(page, phone, `wrong-${attempt}`)
    expect((await answer).status()).toBe(401)
    await expect(page.getByText('No Account Found Please Sign Up First')).toBeVisible()
  }
  const answer = loginAnswer()
  await loginViaForm(page, phone, 'wrong-6')
  expect((await answer).status()).toBe(429)
  // The lockout lasts until its 15-minute window ends, said in whole minutes.
  await expect(page.getByRole('alert').getByText(/^Too many attempts\. Try again in \d+ minutes?\.$/)).toBeVisible()
})

test('signing up from the login page keeps ?next= and ends there after logging in', async ({ page }) => {
  await signUpFromLoginKeepsNext(page, { phone: freshPhone(), next: '/internship/apply/android-development' })
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
})

test.describe('redirects', () => {
  test('a logged-out visitor on /dashboard goes to /login', async ({ page }) => {
    await page.goto('/dashboard')
    await expect(page).toHaveURL(/\/login\?next=%2Fdashboard$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible()
  })

  test('a logged-out visitor following "Get Referral code" logs in and lands on the dashboard', async ({ page }) => {
    const phone = freshPhone()
    await signupViaApi(page, 'Via Referearn', phone)
    await page.goto('/referearn')
    await page.getByRole('link', { name: 'Get Referral code' }).first().click()
    await expect(page).toHaveURL(/\/login\?next=%2Fdashboard$/)
    await loginViaForm(page, phone, PASSWORD)
    await expect(page).toHaveURL(/\/dashboard$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Hi, Via Referearn' })).toBeVisible()
  })

  test('a logged-in user on /login, /signup or /registration goes to /dashboard', async ({ page }) => {
    const phone = freshPhone()
    await signupViaApi(page, 'Already In', phone)
    await page.goto('/login')
    await loginViaForm(page, phone, PASSWORD)
    await expect(page).toHaveURL(/\/dashboard$/)

    for (const path of ['/login', '/signup', '/registration']) {
      await page.goto(path)
      await expect(page).toHaveURL(/\/dashboard$/)
      await expect(page.getByRole('heading', { level: 1, name: 'Hi, Already In' })).toBeVisible()
    }
    // In-app navigation too: the header now offers Dashboard, and /login typed into the
    // app's own history sends the user back.
    await page.goto('/referearn')
    const header = page.getByRole('banner')
    await expect(header.getByRole('link', { name: 'Dashboard' }).first()).toBeAttached()
    await expect(header.getByRole('link', { name: 'Login' })).toHaveCount(0)
    await page.evaluate(() => {
      window.history.pushState({}, '', '/login')
      window.dispatchEvent(new PopStateEvent('popstate'))
    })
    await expect(page).toHaveURL(/\/dashboard$/)
  })

  test('login goes to a same-site ?next= but never to another site', async ({ page }) => {
    const phone = freshPhone()
    await signupViaApi(page, 'Next Path', phone)
    await page.goto('/login?next=%2F%2Fevil.example%2F')
    await loginViaForm(page, phone, PASSWORD)
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/dashboard$/)
  })
})

for (const [width, viewport] of Object.entries(journeyViewports)) {
  test.describe(`axe at ${viewport.width} px`, () => {
    test.use({ viewport })

    for (const path of ['/login', '/signup', '/registration', '/referearn']) {
      test(`${path} (${width})`, async ({ page }) => {
        await page.goto(path)
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
        await expectNoAxeViolations(page)
      })
    }

    test(`sign-up and login with errors showing (${width})`, async ({ page }) => {
      await page.goto('/signup')
      await page.getByRole('button', { name: 'Sign up' }).click()
      await expect(page.getByText('Enter your name.')).toBeVisible()
      await expectNoAxeViolations(page)
      await page.goto('/login')
      await loginViaForm(page, freshPhone(), 'whatever-password')
      await expect(page.getByText('No Account Found Please Sign Up First')).toBeVisible()
      await expectNoAxeViolations(page)
    })

    test(`/dashboard logged in, after copying (${width})`, async ({ page, context, baseURL }) => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL })
      const phone = freshPhone()
      await signupViaApi(page, `Axe ${width}`, phone)
      await page.goto('/login')
      await loginViaForm(page, phone, PASSWORD)
      await expect(page.getByRole('heading', { level: 1, name: `Hi, Axe ${width}` })).toBeVisible()
      await expect(page.getByRole('heading', { level: 3, name: 'Java', exact: true })).toBeVisible()
      await expectNoAxeViolations(page)
      await page.getByRole('button', { name: 'Copy Referral Code' }).click()
      await expect(page.getByText('Successfully copied to clipboard!')).toBeVisible()
      await expectNoAxeViolations(page)
    })
  })
}
