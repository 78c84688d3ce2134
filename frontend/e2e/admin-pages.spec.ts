import { test } from '@playwright/test'

import { collectAdminPages, seedAdminData, walkAdminPages } from './admin-walk'

/*
 * Every page of the back office (issue 33) at 360 px: it answers 200, shows no Django or
 * django-unfold error, does not scroll sideways and throws no script error; select-all on
 * the Submissions list too; axe on one page of each kind at 360 and 1280 px (pytest checks
 * every page's answer too: backoffice/tests/test_admin_walk.py). make screenshots walks the same pages and
 * saves them as PNGs in test-results/screenshots/admin/ (screenshots.spec.ts). One
 * logged-in page walks them all.
 */

test('every admin page reads whole at 360 px, and each kind of page passes axe at 360 and 1280 px', async ({ page }) => {
  // About fifty pages opened once, axe on about a dozen twice.
  test.setTimeout(300_000)
  await seedAdminData(page)
  const pages = await collectAdminPages(page)
  test.info().annotations.push({ type: 'pages', description: `${pages.length} pages` })
  await walkAdminPages(page, pages, { check: true })
})
