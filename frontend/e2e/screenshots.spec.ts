import { expect, test } from '@playwright/test'

import { publicRoutes, samplePath, viewports } from './support'

/**
 * Not a test: `SCREENSHOTS=1 npm run e2e -- screenshots` saves full-page PNGs of every
 * route (and the not-found page) at 360 and 1280 px into test-results/screenshots/.
 */
test.skip(!process.env.SCREENSHOTS, 'set SCREENSHOTS=1 to save screenshots')

const pages = [...publicRoutes.map((route) => ({ id: route.id, path: samplePath(route) })), { id: 'not-found', path: '/no-such-page' }]

for (const [name, viewport] of Object.entries(viewports)) {
  for (const target of pages) {
    test(`${target.id} at ${viewport.width}`, async ({ page }) => {
      await page.setViewportSize(viewport)
      await page.emulateMedia({ reducedMotion: 'reduce' })
      await page.goto(target.path)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await page.waitForLoadState('networkidle')
      await page.screenshot({ path: `test-results/screenshots/${target.id}-${name}-${viewport.width}.png`, fullPage: true })
    })
  }
}
