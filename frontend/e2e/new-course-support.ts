import { expect, type Browser, type Page } from '@playwright/test'

import { loginViaApi, staffAccount } from './support'

/**
 * A new course without a developer (docs/product.md section 20, first point): staff add it
 * in the back office with its Page path, and the site has its page at once. What the two
 * specs (new-course.spec.ts with JavaScript, new-course.nojs.spec.ts without) share.
 */
export type NewCourse = { name: string; shortName: string; path: string; summary: string; fee: string }

/** The staff's browser: logged in through the API, at `width` px. */
export async function staffPage(browser: Browser, width: number, javaScriptEnabled = true): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, javaScriptEnabled })
  const page = await context.newPage()
  await loginViaApi(page, staffAccount.phone, staffAccount.password)
  return page
}

/** Adds the course through the admin's Course form; ends on the course's change page. */
export async function addCourse(office: Page, course: NewCourse) {
  await office.goto('/admin/catalog/course/add/')
  // The admin's labels end in "*" on required fields.
  await office.getByLabel(/^Name/).fill(course.name)
  await office.getByLabel(/^Short name/).fill(course.shortName)
  await office.getByLabel(/^Page path/).fill(course.path)
  await office.getByLabel(/^Summary/).fill(course.summary)
  await office.getByLabel(/^List fee/).fill(course.fee)
  await office.getByRole('button', { name: 'Save and continue editing' }).click()
  await expect(office.getByText(course.path).first()).toBeVisible()
  await expect(office.getByLabel(/^Page path/)).toHaveCount(0) // read-only once made
}

/** Unticks "Shown on the site" on the course's change page and saves. */
export async function hideCourse(office: Page) {
  await office.getByLabel('Shown on the site').uncheck()
  await office.getByRole('button', { name: 'Save and continue editing' }).click()
  await expect(office.getByLabel('Shown on the site')).not.toBeChecked()
}

/** The course's page as a visitor gets it: 200, its name as the heading, its fee. */
export async function expectCoursePage(visitor: Page, course: NewCourse, shot?: string) {
  const response = await visitor.goto(course.path)
  expect(response?.status()).toBe(200)
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(course.name)
  await expect(visitor.getByText(course.summary).first()).toBeVisible()
  await expect(visitor).toHaveTitle(new RegExp(`^${course.name} course`))
  await expect(visitor.getByRole('button', { name: new RegExp(`Enrol and pay ₹${Number(course.fee).toLocaleString('en-IN')}`) })).toBeVisible()
  if (shot) await visitor.screenshot({ path: shot, fullPage: true })
}

/** /courses links to it, and /sitemap.xml lists it. */
export async function expectListed(visitor: Page, course: NewCourse) {
  await visitor.goto('/courses')
  await expect(visitor.getByRole('main').locator(`a[href="${course.path}"]`).first()).toBeVisible()
  const sitemap = await visitor.request.get('/sitemap.xml')
  expect(sitemap.status()).toBe(200)
  expect(await sitemap.text()).toContain(`${course.path}</loc>`)
}

/** Inactive: the page answers 404 with the not-found page, and is off /courses and the sitemap. */
export async function expectGone(visitor: Page, course: NewCourse) {
  const response = await visitor.goto(course.path)
  expect(response?.status()).toBe(404)
  await expect(visitor.getByRole('heading', { level: 1, name: /couldn’t find that page/i })).toBeVisible()
  await visitor.goto('/courses')
  await expect(visitor.getByRole('main').locator(`a[href="${course.path}"]`)).toHaveCount(0)
  expect(await (await visitor.request.get('/sitemap.xml')).text()).not.toContain(`${course.path}</loc>`)
}

/** A moment as India writes it: its date (YYYY-MM-DD), weekday ("Mon") and clock ("9:05 PM"). */
function inIndia(moment: Date) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: 'Asia/Kolkata',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      weekday: 'short',
      hour: 'numeric',
      minute: '2-digit',
      hour12: true,
    })
      .formatToParts(moment)
      .map((part) => [part.type, part.value]),
  )
  return { date: `${parts.year}-${parts.month}-${parts.day}`, weekday: String(parts.weekday), clock: `${parts.hour}:${parts.minute} ${parts.dayPeriod}` }
}

function daysAfter(isoDate: string, days: number): string {
  const day = new Date(`${isoDate}T00:00:00Z`)
  day.setUTCDate(day.getUTCDate() + days)
  return day.toISOString().slice(0, 10)
}

/**
 * Adds a batch of `course` through the admin's Batch form (Batches → Add batch) and
 * returns its id. Its schedule is one class a week, on today's
 * weekday (India time), from 5 minutes from now for an hour, starting a week ago: so the
 * form makes a class held last week (the one to take the register of) and one starting in
 * about 5 minutes (inside Join class's window), then one each week for two months.
 * Enrolment stays open for a week.
 */
export async function addBatch(office: Page, course: NewCourse, { seats, link }: { seats: number; link: string }): Promise<number> {
  const starts = new Date(Math.ceil((Date.now() + 5 * 60_000) / 60_000) * 60_000)
  const first = inIndia(starts)
  const ends = inIndia(new Date(starts.getTime() + 60 * 60_000))
  await office.goto('/admin/catalog/batch/add/')
  await office.locator('select[name="course"]').selectOption({ label: course.name })
  await office.locator('[name="starts_on"]').fill(daysAfter(first.date, -7))
  await office.locator('[name="ends_on"]').fill(daysAfter(first.date, 60))
  await office.locator('[name="class_days"]').fill(first.weekday)
  await office.locator('[name="class_time"]').fill(`${first.clock} - ${ends.clock}`)
  await office.locator('[name="seats"]').fill(String(seats))
  await office.locator('[name="enrolment_closes_on"]').fill(daysAfter(first.date, 7))
  await office.locator('[name="meeting_link"]').fill(link)
  await office.getByRole('button', { name: 'Save and continue editing' }).click()
  await expect(office.getByText(/classes made from the schedule/).first()).toBeVisible()
  const id = /\/admin\/catalog\/batch\/(\d+)\/change\//.exec(office.url())?.[1]
  expect(id).toBeTruthy()
  return Number(id)
}
