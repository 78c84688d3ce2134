import { expect, test } from '@playwright/test'

import { freshPhone } from './accounts-support'
import { addBatch, addCourse, staffPage } from './new-course-support'
import { accountOnServer, adminAction, confirmDecision, loginViaApi, runTag, viewports } from './support'

/*
 * The batch road of classes.spec.ts with JavaScript off for the students: staff add a new
 * course and a batch of it with 2 seats in the back office (which keeps its script); a
 * visitor's form, loaded while a seat was free, is refused with "This batch is full." once
 * two students took the seats, and offers the waitlist form, filled from it, which they
 * join; the first student is confirmed by staff, finds My classes and Join class on the
 * dashboard, and after the register and "Finish batch" the certificate verifies at
 * /verify/<ID>. Every form is a plain post and every link a plain link.
 */

const PASSWORD = 'classes-nojs-journey-42'

test.use({ viewport: viewports.mobile })

test('without JavaScript: the full batch offers the waitlist, the confirmed student joins the class and is certified', async ({ page, browser }) => {
  test.setTimeout(120_000)
  const tag = runTag()
  const link = `https://meet.example/e2e-nojs-${tag}`
  const ROUTE = `/kotlin-live-${tag}-registration`
  const course = { name: `Kotlin Live ${tag}`, shortName: `Kotlin Live ${tag}`, path: ROUTE, summary: 'Android apps in Kotlin, taught live online.', fee: '1299' }

  // Staff add the course, then a batch of it with 2 seats, in the back office.
  const staff = await staffPage(browser, 1280)
  await addCourse(staff, course)
  const batch = await addBatch(staff, course, { seats: 2, link })
  const student = { phone: freshPhone(), name: `Kiran Nojs ${tag}`, email: `kiran-${tag}@example.org`, password: PASSWORD }
  accountOnServer(student)

  // The student, logged in, takes the first seat.
  await loginViaApi(page, student.phone, student.password)
  await page.goto(ROUTE)
  const section = page.getByRole('region', { name: /^Enrol in / })
  await expect(section.getByRole('list', { name: 'Batch' })).toContainText('2 seats left')
  await expect(section.getByLabel(/^Name/)).toHaveValue(student.name)
  await section.getByRole('button', { name: /^Enrol and pay/ }).click()
  await expect(page.getByRole('heading', { level: 2, name: /^Pay ₹.* to confirm your place$/ })).toBeVisible()
  const reference = new URL(page.url()).searchParams.get('enrolment') ?? ''

  // A visitor opens the page while the last seat is free.
  const late = await (await browser.newContext({ viewport: viewports.mobile, javaScriptEnabled: false })).newPage()
  await late.goto(ROUTE)
  const lateForm = late.getByRole('region', { name: /^Enrol in / })
  await expect(lateForm.getByRole('list', { name: 'Batch' })).toContainText('1 seat left')

  // A second student, not logged in, takes it.
  const second = await (await browser.newContext({ viewport: viewports.mobile, javaScriptEnabled: false })).newPage()
  await second.goto(ROUTE)
  const secondForm = second.getByRole('region', { name: /^Enrol in / })
  await secondForm.getByLabel(/^Name/).fill(`Ravi Nojs ${tag}`)
  await secondForm.getByLabel(/^Phone number/).fill(freshPhone())
  await secondForm.getByLabel(/^Email/).fill(`ravi-${tag}@example.org`)
  await secondForm.getByRole('button', { name: /^Enrol and pay/ }).click()
  await expect(second.getByRole('heading', { level: 2, name: /^Pay ₹.* to confirm your place$/ })).toBeVisible()

  // The visitor's form is refused: the batch is full, and the waitlist form has their details.
  const waitlistPhone = freshPhone()
  await lateForm.getByLabel(/^Name/).fill(`Late Visitor ${tag}`)
  await lateForm.getByLabel(/^Phone number/).fill(waitlistPhone)
  await lateForm.getByLabel(/^Email/).fill(`late-${tag}@example.org`)
  await lateForm.getByRole('button', { name: /^Enrol and pay/ }).click()
  const refused = late.getByRole('region', { name: /^Join the waitlist for / })
  await expect(refused.getByText('This batch is full.').first()).toBeVisible()
  const waitlistForm = refused.getByRole('form', { name: 'Join the waitlist' })
  const join = waitlistForm.getByRole('button', { name: 'Join the waitlist' })
  await expect(waitlistForm.getByLabel(/^Name/)).toHaveValue(`Late Visitor ${tag}`)
  await expect(waitlistForm.getByLabel(/^Email/)).toHaveValue(`late-${tag}@example.org`)
  await join.click()
  await expect(late.getByText('You are on the waitlist. We will tell you in turn when a seat is free.')).toBeVisible()
  // Asked again, the same phone is told it is already waiting, at the form.
  await late.goto(ROUTE)
  const again = late.getByRole('region', { name: /^Join the waitlist for / })
  await again.getByLabel(/^Name/).fill(`Late Visitor ${tag}`)
  await again.getByLabel(/^Phone number/).fill(waitlistPhone)
  await again.getByLabel(/^Email/).fill(`late-${tag}@example.org`)
  await again.getByRole('button', { name: 'Join the waitlist' }).click()
  await expect(late.getByText(/You are already on the waitlist for this course/)).toBeVisible()

  // Staff confirm the student's payment; My classes has the next class and Join class.
  await adminAction(staff, '/admin/enrolments/enrolment/', reference, 'confirm_payment')
  await confirmDecision(staff, 'Confirm payment')
  await page.goto('/dashboard')
  const classes = page.getByRole('region', { name: 'My classes' })
  await expect(classes).toContainText('Attended 0 of 1 classes')
  const joinClass = classes.getByRole('link', { name: 'Join class' })
  await expect(joinClass).toHaveAttribute('href', /^\/classes\/\d+\/join$/)
  expect(await page.content()).not.toContain(link)
  await page.route(`${link}**`, (route) => route.fulfill({ contentType: 'text/html', body: '<title>Meeting</title><h1>Meeting</h1>' }))
  await joinClass.click()
  await expect(page).toHaveURL(link)

  // The register of last week's class (from the batch's page), "Finish batch", and the certificate on the dashboard verifies.
  await staff.goto(`/admin/catalog/batch/${batch}/change/`)
  await staff.getByTestId('batch-classes').getByRole('link', { name: 'Not taken yet' }).click()
  await staff.getByLabel(student.name).check()
  await staff.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(staff.getByText('Register saved: 1 present, 0 absent.')).toBeVisible()
  await staff.goto(`/admin/catalog/batch/${batch}/change/`)
  await staff.getByRole('link', { name: 'Finish batch' }).first().click()
  await staff.getByRole('button', { name: 'Issue certificates' }).click()
  await expect(staff.getByText(/is finished: 1 certificate issued/)).toBeVisible()
  await page.goto('/dashboard')
  await expect(classes).toContainText('Attended 1 of 1 classes')
  await classes.getByRole('link', { name: /^CRS/ }).click()
  await expect(page).toHaveURL(/\/verify\/CRS/)
  await expect(page.getByRole('cell', { name: student.name })).toBeVisible()
})
