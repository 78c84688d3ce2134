import { mkdirSync } from 'node:fs'

import { expect, test, type Page } from '@playwright/test'

import { freshPhone } from './accounts-support'
import { expectNoAxeViolations } from './axe'
import { addBatch, addCourse, staffPage } from './new-course-support'
import { accountOnServer, adminAction, confirmDecision, loginViaApi, runTag, viewports } from './support'

/*
 * A course taught in a batch (docs/product.md section 20), with JavaScript: staff add a new
 * course in the back office and a batch of it with 2 seats through the Batch form (its
 * class starting in 5 minutes, one held last week), two students enrol, a third is offered
 * the waitlist and joins it, staff confirm one payment, that student sees My classes and
 * Join class sends them on to the meeting, staff take the register of the held class and
 * finish the batch, and the student's certificate verifies at /verify/<ID>.
 * (classes.nojs.spec.ts walks the same road without JavaScript.)
 */

const PASSWORD = 'classes-journey-42'
const SHOTS = '/tmp/shots-student'

async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true })
  for (const [width, size] of Object.entries({ 360: viewports.mobile, 1280: viewports.desktop })) {
    await page.setViewportSize(size)
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true })
  }
  await page.setViewportSize(viewports.mobile)
}

test.use({ viewport: viewports.mobile })

test('two students take the 2 seats, a third waits, the confirmed one joins the class and is certified', async ({ page, browser }) => {
  test.setTimeout(120_000)
  const tag = runTag()
  const link = `https://meet.example/e2e-${tag}`
  const COURSE = `Flutter Live ${tag}`
  const ROUTE = `/flutter-live-${tag}-registration`

  // Staff add the course, then a batch of it with 2 seats, in the back office.
  const staff = await staffPage(browser, 1280)
  const course = { name: COURSE, shortName: COURSE, path: ROUTE, summary: 'Flutter apps for Android and iOS, taught live online.', fee: '1499' }
  await addCourse(staff, course)
  const batch = await addBatch(staff, course, { seats: 2, link })
  const student = { phone: freshPhone(), name: `Asha Classes ${tag}`, email: `asha-${tag}@example.org`, password: PASSWORD }
  accountOnServer(student)

  // The first student, logged in, sees the batch and its seats, and enrols.
  await loginViaApi(page, student.phone, student.password)
  await page.goto(ROUTE)
  const section = page.getByRole('region', { name: `Enrol in ${COURSE}` })
  const batches = section.getByRole('list', { name: 'Batch' })
  await expect(batches).toContainText('Starts ')
  await expect(batches).toContainText('2 seats left')
  await expectNoAxeViolations(page)
  await shoot(page, 'course-batches')
  await expect(section.getByLabel(/^Name/)).toHaveValue(student.name)
  await section.getByRole('button', { name: /^Enrol and pay/ }).click()
  await expect(page.getByRole('heading', { level: 2, name: /^Pay ₹.* to confirm your place$/ })).toBeVisible()
  const reference = new URL(page.url()).searchParams.get('enrolment') ?? ''
  expect(reference).toMatch(/^ENR-/)

  // A second student, not logged in, takes the last seat.
  const second = await (await browser.newContext({ viewport: viewports.mobile })).newPage()
  await second.goto(ROUTE)
  const form = second.getByRole('region', { name: `Enrol in ${COURSE}` })
  await expect(form.getByRole('list', { name: 'Batch' })).toContainText('1 seat left')
  await form.getByLabel(/^Name/).fill(`Ravi Classes ${tag}`)
  await form.getByLabel(/^Phone number/).fill(freshPhone())
  await form.getByLabel(/^Email/).fill(`ravi-${tag}@example.org`)
  await form.getByRole('button', { name: /^Enrol and pay/ }).click()
  await expect(second.getByRole('heading', { level: 2, name: /^Pay ₹.* to confirm your place$/ })).toBeVisible()

  // A third finds the batch full: no enrolment, the waitlist instead.
  const third = await (await browser.newContext({ viewport: viewports.mobile })).newPage()
  await third.goto(ROUTE)
  const waiting = third.getByRole('region', { name: `Join the waitlist for ${COURSE}` })
  await expect(waiting.getByRole('list', { name: 'Batch' })).toContainText('Full')
  await expect(waiting.getByRole('button', { name: /^Enrol and pay/ })).toHaveCount(0)
  await waiting.getByLabel(/^Name/).fill(`Meera Waiting ${tag}`)
  await waiting.getByLabel(/^Phone number/).fill(freshPhone())
  await waiting.getByLabel(/^Email/).fill(`meera-${tag}@example.org`)
  await waiting.getByRole('button', { name: 'Join the waitlist' }).click()
  await expect(waiting.getByText('You are on the waitlist. We will tell you in turn when a seat is free.')).toBeVisible()

  // Staff confirm the first student's payment.
  await adminAction(staff, '/admin/enrolments/enrolment/', reference, 'confirm_payment')
  await confirmDecision(staff, 'Confirm payment')
  await expect(staff.getByText('1 enrolment confirmed.')).toBeVisible()

  // My classes, first on the dashboard: the next class and Join class (inside its window).
  await page.goto('/dashboard')
  const classes = page.getByRole('region', { name: 'My classes' })
  await expect(classes.getByRole('heading', { level: 3, name: COURSE })).toBeVisible()
  await expect(classes).toContainText('Attended 0 of 1 classes')
  const join = classes.getByRole('link', { name: 'Join class' })
  await expect(join).toHaveAttribute('href', /^\/classes\/\d+\/join$/)
  const next = (await join.getAttribute('href')) ?? ''
  expect(await page.content()).not.toContain(link)
  await expect(classes.getByRole('link', { name: 'Add to calendar' })).toHaveAttribute('href', /^\/calendar\/.+\.ics$/)
  await expectNoAxeViolations(page)
  await shoot(page, 'dashboard-classes')
  // The site's link sends the confirmed student on to the meeting (answered here: it is not a real one).
  await page.route(`${link}**`, (route) => route.fulfill({ contentType: 'text/html', body: '<title>Meeting</title><h1>Meeting</h1>' }))
  await join.click()
  await expect(page).toHaveURL(link)
  // Nobody else is sent on: the second student's payment is not confirmed (and not logged in).
  const refused = await second.request.get(next, { maxRedirects: 0 })
  expect(refused.status()).toBe(302)
  expect(refused.headers().location).toBe('/login?next=/dashboard')

  // Staff take the register of the class held last week (from the batch's page), then finish the batch.
  await staff.goto(`/admin/catalog/batch/${batch}/change/`)
  await staff.getByTestId('batch-classes').getByRole('link', { name: 'Not taken yet' }).click()
  await staff.getByLabel(student.name).check()
  await staff.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(staff.getByText('Register saved: 1 present, 0 absent.')).toBeVisible()
  await staff.goto(`/admin/catalog/batch/${batch}/change/`)
  await staff.getByRole('link', { name: 'Finish batch' }).first().click()
  await expect(staff.getByText(student.name).first()).toBeVisible()
  await staff.getByRole('button', { name: 'Issue certificates' }).click()
  await expect(staff.getByText(/is finished: 1 certificate issued/)).toBeVisible()

  // The certificate, beside the classes, verifies.
  await page.goto('/dashboard')
  await expect(classes).toContainText('Attended 1 of 1 classes')
  const certificate = classes.getByRole('link', { name: /^CRS/ })
  await certificate.click()
  await expect(page).toHaveURL(/\/verify\/CRS/)
  await expect(page.getByRole('img', { name: 'Verified' })).toBeVisible()
  await expect(page.getByRole('cell', { name: student.name })).toBeVisible()
})
