import { expect, test, type Browser, type Locator, type Page } from '@playwright/test'

import { expectNoAxeViolations } from './axe'
import { confirmSignupCode } from './sms'
import { adminAction, confirmDecision, endRewardHold, indiaDateInAWeek, loginViaApi, staffAccount, journeyViewports } from './support'

/*
 * The referral journey against the real server: a referrer signs up, a friend enrols in
 * Web Development with the referrer's ?ref= link and sends a UTR, staff confirm the payment
 * in the admin, the referrer sees 1 successful referral and ₹150 on hold; once the hold is
 * over (ended through manage.py: a week cannot pass in a test) the referrer asks for the
 * reward, staff mark the payout paid, and the balance is back to 0. Phones, UTRs and UPI IDs are unique
 * per run (the database is shared by every test of the run).
 */

const PASSWORD = 'enrolment-journey-42'
const base = (Date.now() * 7) % 100_000_000
let issued = 0

function freshPhone(): string {
  issued += 1
  return `97${String((base + issued * 104_729) % 100_000_000).padStart(8, '0')}`
}

function freshUtr(): string {
  issued += 1
  return `5${String((base * 13 + issued * 7_919) % 100_000_000_000).padStart(11, '0')}`
}

async function signUpAndLogIn(page: Page, name: string, phone: string) {
  await page.goto('/signup')
  await page.getByLabel('Name').fill(name)
  await page.getByLabel('Phone number').fill(phone)
  await page.getByLabel(/^Password/).fill(PASSWORD)
  await page.getByRole('button', { name: 'Sign up' }).click()
  await confirmSignupCode(page, phone)
  // The code signs the new account in (issue 33): straight to the dashboard.
  await expect(page).toHaveURL(/\/dashboard$/)
}

async function staffPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext()
  const page = await context.newPage()
  await loginViaApi(page, staffAccount.phone, staffAccount.password)
  return page
}

function rewards(page: Page) {
  return page.getByRole('region', { name: 'Your rewards' })
}

/** The value shown under one of the dashboard's figures ("Paid", "Pending payout"…). */
function figure(section: Locator, label: string) {
  return section.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]')
}

function balance(section: Locator) {
  return section.getByRole('heading', { name: 'Payable balance' }).locator('xpath=following-sibling::p[1]')
}

for (const [width, viewport] of Object.entries(journeyViewports)) {
  test.describe(`referral journey at ${viewport.width} px`, () => {
    test.use({ viewport })

    test(`a friend enrols with the referral link, staff confirm, the reward is paid out (${width})`, async ({ page, browser }) => {
      test.setTimeout(120_000)
      const referrerPhone = freshPhone()
      const friendPhone = freshPhone()
      const utr = freshUtr()
      const code = `IRCTP${referrerPhone.slice(-4)}`

      // The referrer signs up and logs in: no rewards yet, Get Rewards disabled.
      await signUpAndLogIn(page, `Referrer ${width}`, referrerPhone)
      await expect(page.getByText(code, { exact: true })).toBeVisible()
      await expect(rewards(page).getByRole('button', { name: 'Get Rewards' })).toBeDisabled()

      // The friend opens the link (lower-case code) in a browser of their own.
      const friendContext = await browser.newContext({ viewport })
      const friend = await friendContext.newPage()
      await friend.goto(`/Web-Development-registration?ref=${code.toLowerCase()}`)
      const section = friend.getByRole('region', { name: /Enrol in Web Development/ })
      await expect(section.getByLabel('Referral code (optional)')).toHaveValue(code)
      await friend.getByRole('link', { name: 'Enrol now' }).click()
      await expect(section.getByLabel(/^Name/)).toBeInViewport()
      await expectNoAxeViolations(friend, { settle: false })

      await section.getByLabel(/^Name/).fill(`Friend ${width}`)
      await section.getByLabel('Phone number').fill(friendPhone)
      await section.getByLabel('Email').fill(`friend-${friendPhone}@example.com`)
      await section.getByRole('button', { name: 'Enrol and pay ₹999' }).click()

      const payHeading = friend.getByRole('heading', { level: 2, name: 'Pay ₹999 to confirm your place' })
      await expect(payHeading).toBeFocused()
      const payLink = friend.getByRole('link', { name: 'Pay ₹999 with UPI' })
      const link = new URL((await payLink.getAttribute('href')) ?? '')
      const reference = link.searchParams.get('tr') ?? ''
      expect(link.protocol).toBe('upi:')
      expect(reference).toMatch(/^ENR-[2-9A-Z]{6}$/)
      expect(link.searchParams.get('am')).toBe('999.00')
      expect(link.searchParams.get('cu')).toBe('INR')
      expect(link.searchParams.get('tn')).toContain(reference)
      await expect(friend.getByText(reference, { exact: true })).toBeVisible()
      const qr = friend.getByRole('img', { name: /QR code to pay ₹999/ })
      await expect(qr).toBeVisible()
      expect(await qr.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0)
      await expectNoAxeViolations(friend, { settle: false })

      // Back from the UPI app: a reload shows the same enrolment; the UTR is sent.
      await friend.reload()
      await friend.getByLabel('UPI transaction reference (UTR)').fill(`${utr.slice(0, 4)} ${utr.slice(4, 8)} ${utr.slice(8)}`)
      await friend.getByRole('button', { name: 'Submit UTR' }).click()
      await expect(friend.getByText('Thank you, we have your UTR')).toBeVisible()
      await expect(friend.getByText('Payment submitted').first()).toBeVisible()
      await expectNoAxeViolations(friend, { settle: false })
      // Once the UTR is in, the page no longer asks for payment, after a reload too.
      for (const step of ['after the UTR', 'after a reload']) {
        if (step === 'after a reload') await friend.reload()
        await expect(friend.getByRole('heading', { level: 2, name: 'We are checking your payment' })).toBeVisible()
        await expect(friend.getByRole('link', { name: 'Pay ₹999 with UPI' })).toHaveCount(0)
        await expect(friend.getByRole('img', { name: /QR code to pay/ })).toHaveCount(0)
        await expect(friend.getByLabel('UPI transaction reference (UTR)')).toHaveCount(0)
      }

      // Staff find it by UTR and confirm the payment.
      const staff = await staffPage(browser)
      await adminAction(staff, '/admin/enrolments/enrolment/', utr, 'confirm_payment')
      await expect(staff.getByText('1 enrolment will be confirmed.')).toBeVisible()
      await confirmDecision(staff, 'Confirm payment')
      await expect(staff.getByText('1 enrolment confirmed.')).toBeVisible()

      // The friend's page now says the place is confirmed.
      await friend.reload()
      await expect(friend.getByRole('heading', { level: 2, name: 'You are enrolled in Web Development (MERN stack)' })).toBeVisible()

      // The referrer's dashboard: 1 successful referral, ₹150 earned and on hold for a week.
      await page.reload()
      const figures = rewards(page)
      await expect(figure(figures, 'Successful Referrals')).toHaveText('1')
      await expect(figure(figures, 'Rewards earned')).toHaveText('₹150')
      await expect(figure(figures, 'On hold')).toHaveText('₹150')
      await expect(figures.getByRole('list', { name: 'On hold' })).toContainText(`on hold until ${indiaDateInAWeek()}`)
      await expect(balance(figures)).toHaveText('₹0')
      await expect(figures.getByRole('button', { name: 'Get Rewards' })).toBeDisabled()
      await expectNoAxeViolations(page, { settle: false })

      // A week later the reward is past its hold: payable.
      endRewardHold(reference)
      await page.reload()
      await expect(figure(figures, 'On hold')).toHaveText('₹0')
      await expect(balance(figures)).toHaveText('₹150')

      // Get Rewards asks for a UPI ID and records a payout request of the balance.
      await figures.getByRole('button', { name: 'Get Rewards' }).click()
      const upiId = `referrer${referrerPhone.slice(-6)}@okaxis`
      await figures.getByLabel('UPI ID').fill(upiId)
      await figures.getByRole('button', { name: 'Request ₹150' }).click()
      await expect(figure(figures, 'Pending payout')).toHaveText('₹150')
      await expect(figures.getByRole('button', { name: 'Get Rewards' })).toBeDisabled()
      await expectNoAxeViolations(page, { settle: false })

      // Staff pay it by UPI and record the reference.
      await adminAction(staff, '/admin/referrals/payoutrequest/', upiId, 'mark_paid')
      await staff.getByLabel('Payment reference').fill(`UPI-${utr}`)
      await confirmDecision(staff, 'Mark paid')
      await expect(staff.getByText(/marked as paid/i)).toBeVisible()

      // The balance is back to 0; ₹150 shows as paid.
      await page.reload()
      await expect(figure(figures, 'Paid')).toHaveText('₹150')
      await expect(figure(figures, 'Pending payout')).toHaveText('₹0')
      await expect(balance(figures)).toHaveText('₹0')
      await expect(figures.getByRole('button', { name: 'Get Rewards' })).toBeDisabled()

      await friendContext.close()
      await staff.context().close()
    })
  })
}

test('the course page refuses an unknown code and the enroller’s own code', async ({ page }) => {
  const phone = freshPhone()
  await signUpAndLogIn(page, 'Own Code', phone)
  await page.goto(`/java-registration?ref=IRCTP${phone.slice(-4)}`)
  const section = page.getByRole('region', { name: /Enrol in Java/ })
  await expect(section.getByLabel('Phone number')).not.toHaveValue('')
  await section.getByLabel('Email').fill(`own-${phone}@example.com`)
  await section.getByRole('button', { name: /Enrol and pay/ }).click()
  await expect(section.getByText('You cannot use your own referral code.')).toBeVisible()

  await section.getByLabel('Referral code (optional)').fill('IRCTP00000000')
  await section.getByRole('button', { name: /Enrol and pay/ }).click()
  await expect(section.getByText('This referral code does not exist. Check it or leave the field empty.')).toBeVisible()
  await expect(page.getByRole('link', { name: /with UPI/ })).toHaveCount(0)
})

test('a logged-in learner sees their enrolment on the dashboard and comes back to pay it', async ({ page }) => {
  const phone = freshPhone()
  await signUpAndLogIn(page, 'Dashboard Learner', phone)
  await page.goto('/python-registration')
  const section = page.getByRole('region', { name: /Enrol in Python/ })
  await section.getByLabel('Email').fill(`learner-${phone}@example.com`)
  await section.getByRole('button', { name: 'Enrol and pay ₹4,499' }).click()
  await expect(page.getByRole('heading', { level: 2, name: 'Pay ₹4,499 to confirm your place' })).toBeVisible()

  await page.goto('/dashboard')
  const mine = page.getByRole('region', { name: 'My enrolments' })
  await expect(mine.getByRole('heading', { name: 'Python (Basic Python)' })).toBeVisible()
  await expect(mine.getByText('Waiting for payment')).toBeVisible()
  await mine.getByRole('link', { name: /pay or submit utr/i }).click()
  await expect(page).toHaveURL(/\/python-registration$/)
  await expect(page.getByRole('heading', { level: 2, name: 'Pay ₹4,499 to confirm your place' })).toBeVisible()
})
