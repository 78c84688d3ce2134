import { test } from '@playwright/test'

import { addCourse, expectCoursePage, expectGone, expectListed, hideCourse, staffPage, type NewCourse } from './new-course-support'

/*
 * A course staff add in the back office has its page at once (docs/product.md section 20):
 * at its Page path, on /courses and in /sitemap.xml; made inactive, it answers 404. With
 * JavaScript; new-course.nojs.spec.ts walks the same without.
 */
const course: NewCourse = {
  name: 'Data Science',
  shortName: 'Data Science',
  path: '/data-science-registration',
  summary: 'Python, statistics and machine learning, taught live online.',
  fee: '2999',
}
const shots = process.env.SHOTS_DIR ?? 'test-results/screenshots'

test('staff add a course with its Page path: its page answers at once, is listed, and is gone once inactive', async ({ browser }) => {
  test.setTimeout(90_000)
  const office = await staffPage(browser, 1280)
  await addCourse(office, course)

  for (const width of [360, 1280]) {
    const visitor = await (await browser.newContext({ viewport: { width, height: 800 } })).newPage()
    await expectCoursePage(visitor, course, `${shots}/new-course-${width}.png`)
    if (width === 1280) await expectListed(visitor, course)
    await visitor.context().close()
  }

  await hideCourse(office)
  const visitor = await (await browser.newContext({ viewport: { width: 360, height: 800 } })).newPage()
  await expectGone(visitor, course)
  await visitor.screenshot({ path: `${shots}/new-course-gone-360.png` })
})
