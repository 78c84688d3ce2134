import { test } from '@playwright/test'

import { addCourse, expectCoursePage, expectGone, expectListed, hideCourse, staffPage, type NewCourse } from './new-course-support'

/*
 * new-course.spec.ts for a visitor without JavaScript: the course's page, /courses and
 * /sitemap.xml are whole in the server's HTML. Staff use the back office with JavaScript
 * (django-unfold's pages show nothing without it). Its own course and path (the two
 * specs share one database).
 */
const course: NewCourse = {
  name: 'Data Analytics',
  shortName: 'Data Analytics',
  path: '/data-analytics-registration',
  summary: 'Spreadsheets, SQL and dashboards, taught live online.',
  fee: '1999',
}
const shots = process.env.SHOTS_DIR ?? 'test-results/screenshots'

test('without JavaScript, a course staff add has its page, listed, and is gone once inactive', async ({ browser }) => {
  test.setTimeout(90_000)
  const office = await staffPage(browser, 1280)
  await addCourse(office, course)

  const visitor = await (await browser.newContext({ viewport: { width: 360, height: 800 }, javaScriptEnabled: false })).newPage()
  await expectCoursePage(visitor, course, `${shots}/new-course-nojs-360.png`)
  await expectListed(visitor, course)

  await hideCourse(office)
  await expectGone(visitor, course)
})
