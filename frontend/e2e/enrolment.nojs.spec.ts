import { expect, test, type Page } from '@playwright/test'

/*
 * Enrolment on a course page with JavaScript switched off: every step is a form posted to
 * the page's action and a page the server renders from its answer. The enrolment is this
 * browser's alone (the API's session cookie, set through the front door). Phones and UTRs
 * are unique per run (the database is shared by every test of the run).
 */

test.use({ javaScriptEnabled: false })

const base = (Date.now() * 11) % 100_000_000
let issued = 0

function freshPhone(): string {
  issued += 1
  return `96${String((base + issued * 104_723) % 100_000_000).padStart(8, '0')}`
}

function freshUtr(): string {
  issued += 1
  return `6${String((base * 17 + issued * 7_907) % 100_000_000_000).padStart(11, '0')}`
}

function enrolSection(page: Page) {
  return page.locator('section#enrol')
}

test('the server refuses an enrolment with errors and says why at each field, keeping what was typed', async ({ page }) => {
  await page.goto('/Web-Development-registration?ref=irctp00000000')
  const section = page.getByRole('region', { name: /Enrol in Web Development/ })
  // The friend's code is in the page the server sent.
  await expect(section.getByLabel('Referral code (optional)')).toHaveValue('IRCTP00000000')
  await expect(section.getByText('Filled in from your friend’s link.')).toBeVisible()

  await section.getByLabel('Phone number').fill('12345')
  await section.getByLabel('Email').fill('not-an-email')
  await section.getByRole('button', { name: 'Enrol and pay ₹999' }).click()

  // The same page, from the server: the link's code kept in the address, errors at the fields.
  await expect(page).toHaveURL(/\/Web-Development-registration\?ref=irctp00000000$/)
  await expect(section.getByText('Enter your name.')).toBeVisible()
  await expect(section.getByText('Enter a valid Indian mobile number, for example 98765 43210.')).toBeVisible()
  await expect(section.getByText('Enter a valid email address.')).toBeVisible()
  await expect(section.getByText('This referral code does not exist. Check it or leave the field empty.')).toBeVisible()
  await expect(section.getByLabel(/^Name/)).toHaveAttribute('aria-invalid', 'true')
  await expect(section.getByLabel(/^Name/)).toBeFocused()
  await expect(section.getByLabel('Phone number')).toHaveValue('12345')
  await expect(section.getByLabel('Email')).toHaveValue('not-an-email')
  await expect(page.getByRole('link', { name: /with UPI/ })).toHaveCount(0)
})

test('enrol, see how to pay, send a UTR (a bad one first) and see the payment submitted', async ({ page }) => {
  const phone = freshPhone()
  const utr = freshUtr()
  await page.goto('/java-registration')
  const form = page.getByRole('region', { name: /Enrol in Java/ })
  await form.getByLabel(/^Name/).fill('Nojs Student')
  await form.getByLabel('Phone number').fill(phone)
  await form.getByLabel('Email').fill(`nojs-${phone}@example.com`)
  await form.getByRole('button', { name: /^Enrol and pay ₹/ }).click()

  // The payment instructions of the enrolment made, the heading focused (autofocus).
  const section = enrolSection(page)
  const heading = page.getByRole('heading', { level: 2, name: /^Pay ₹[\d,]+ to confirm your place$/ })
  await expect(heading).toBeVisible()
  await expect(heading).toBeFocused()
  const payLink = section.getByRole('link', { name: /^Pay ₹[\d,]+ with UPI$/ })
  const link = new URL((await payLink.getAttribute('href')) ?? '')
  const reference = link.searchParams.get('tr') ?? ''
  expect(link.protocol).toBe('upi:')
  expect(reference).toMatch(/^ENR-[2-9A-Z]{6}$/)
  await expect(section.getByText(reference, { exact: true })).toBeVisible()
  await expect(section.getByText('Waiting for payment')).toBeVisible()
  await expect(section.getByText('placeholder@upi')).toBeVisible()
  const qr = section.getByRole('img', { name: /^QR code to pay ₹/ })
  await expect(qr).toBeVisible()
  // The QR code is this session's: the API's session cookie reached the browser.
  expect(await qr.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0)

  // A UTR the server refuses: its message at the field, the payment details still there.
  const utrField = section.getByLabel('UPI transaction reference (UTR)')
  await utrField.fill('12345')
  await section.getByRole('button', { name: 'Submit UTR' }).click()
  await expect(section.getByText('Enter the 12-digit UPI transaction reference (UTR) shown in your UPI app.')).toBeVisible()
  await expect(utrField).toHaveAttribute('aria-invalid', 'true')
  await expect(utrField).toBeFocused()
  await expect(utrField).toHaveValue('12345')
  await expect(section.getByText(reference, { exact: true })).toBeVisible()
  await expect(payLink).toBeVisible()

  // The real one, in groups as UPI apps show it.
  await utrField.fill(`${utr.slice(0, 4)} ${utr.slice(4, 8)} ${utr.slice(8)}`)
  await section.getByRole('button', { name: 'Submit UTR' }).click()
  await expect(page.getByRole('heading', { level: 2, name: 'We are checking your payment' })).toBeVisible()
  await expect(section.getByText('Thank you, we have your UTR')).toBeVisible()
  await expect(section.getByText(utr, { exact: true })).toBeVisible()
  await expect(section.getByText('Payment submitted').first()).toBeVisible()
  await expect(section.getByRole('link', { name: /with UPI/ })).toHaveCount(0)
  await expect(section.getByLabel('UPI transaction reference (UTR)')).toHaveCount(0)

  // Coming back to the page: the server shows this browser its own enrolment at once.
  await page.goto('/java-registration')
  await expect(page.getByRole('heading', { level: 2, name: 'We are checking your payment' })).toBeVisible()
  await expect(section.getByText(reference, { exact: true })).toBeVisible()

  // "Enrol someone else" works without a script too: the page again, with the empty form.
  await section.getByRole('link', { name: 'Enrol someone else' }).click()
  await expect(page).toHaveURL(/\/java-registration\?enrol=another$/)
  await expect(page.getByRole('button', { name: /^Enrol and pay ₹/ })).toBeVisible()
  await expect(page.getByLabel(/^Name/)).toHaveValue('')
  await expect(section.getByText(reference, { exact: true })).toHaveCount(0)

  // Another browser enrolling with the same phone is told so, and sees nothing of it.
  const other = await page.context().browser()!.newContext({ javaScriptEnabled: false })
  const stranger = await other.newPage()
  await stranger.goto(page.url())
  const strangerForm = stranger.getByRole('region', { name: /Enrol in Java/ })
  await strangerForm.getByLabel(/^Name/).fill('Someone Else')
  await strangerForm.getByLabel('Phone number').fill(phone)
  await strangerForm.getByLabel('Email').fill(`other-${phone}@example.com`)
  await strangerForm.getByRole('button', { name: /^Enrol and pay ₹/ }).click()
  await expect(stranger.getByText(/This phone number already has an enrolment for this course/)).toBeVisible()
  await expect(stranger.getByText(reference, { exact: true })).toHaveCount(0)
  await other.close()
})

test('a visitor back from the UPI app finds the payment details again on the course page', async ({ page }) => {
  const phone = freshPhone()
  await page.goto('/python-registration')
  const form = page.getByRole('region', { name: /Enrol in/ })
  await form.getByLabel(/^Name/).fill('Returning Student')
  await form.getByLabel('Phone number').fill(phone)
  await form.getByLabel('Email').fill(`back-${phone}@example.com`)
  await form.getByRole('button', { name: /^Enrol and pay ₹/ }).click()
  const payLink = enrolSection(page).getByRole('link', { name: /^Pay ₹[\d,]+ with UPI$/ })
  const reference = new URL((await payLink.getAttribute('href')) ?? '').searchParams.get('tr') ?? ''
  expect(reference).toMatch(/^ENR-/)

  // A new visit (a plain GET, no form answer): the session's enrolment, from the server.
  await page.goto('/')
  await page.goto('/python-registration')
  await expect(page.getByRole('heading', { level: 2, name: /^Pay ₹[\d,]+ to confirm your place$/ })).toBeVisible()
  await expect(enrolSection(page).getByText(reference, { exact: true })).toBeVisible()

  // Another browser (no session) gets the empty form.
  const other = await page.context().browser()!.newContext({ javaScriptEnabled: false })
  const stranger = await other.newPage()
  await stranger.goto(page.url())
  await expect(stranger.getByRole('button', { name: /^Enrol and pay ₹/ })).toBeVisible()
  await expect(stranger.getByText(reference, { exact: true })).toHaveCount(0)
  await other.close()
})
