import { test } from '@playwright/test'

import { collectAdminPages, seedAdminData, walkAdminPages } from './admin-walk'

/*
 * Every page of the back office (issue 33) at 1280 and 360 px: it answers 200, shows no
 * Django or django-unfold error, does not scroll sideways, passes axe and throws no script
 * error; select-all on the Submissions list too. make screenshots walks the same pages and
 * saves them as PNGs in test-results/screenshots/admin/ (screenshots.spec.ts). One
 * logged-in page walks them all.
 */

test('every admin page reads whole and passes axe at 1280 and 360 px', async ({ page }) => {
  // About a hundred pages, each opened twice and checked with axe: near five minutes on a
  // quiet 2-core machine (a run there timed out at 5.3 min), so ten are allowed.
  test.setTimeout(600_000)
  await seedAdminData(page)
  const pages = await collectAdminPages(page)
  test.info().annotations.push({ type: 'pages', description: `${pages.length} pages, ${pages.length * 2} visits` })
  await walkAdminPages(page, pages, { check: true })
})
