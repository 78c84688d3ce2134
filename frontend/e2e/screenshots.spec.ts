import { expect, test } from '@playwright/test'

import { collectAdminPages, seedAdminData, walkAdminPages } from './admin-walk'
import { PASSWORD, freshPhone, loginViaForm, signupViaApi } from './accounts-support'
import { publicRoutes, samplePath, viewports } from './support'

/**
 * Not a test, and not part of `make test`: the "screenshots" project (`make screenshots`,
 * or `scripts/e2e.sh --project=screenshots`) saves full-page PNGs of every route (and the
 * not-found page) at 360 and 1280 px into test-results/screenshots/.
 */

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

/** The accounts pages, signed out and in, at 360 and 1280 px. */
test.describe('accounts', () => {
  for (const [width, viewport] of Object.entries(viewports)) {
    test(`accounts pages at ${viewport.width}`, async ({ page, context, baseURL }) => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL })
      await page.setViewportSize(viewport)
      await page.emulateMedia({ reducedMotion: 'reduce' })
      const shot = async (id: string) => {
        const path = `test-results/screenshots/${id}-${width}-${viewport.width}`
        await page.screenshot({ path: `${path}.png`, fullPage: true })
        // Tall phone pages also in screen-sized parts, easier to look at.
        const height = await page.evaluate(() => document.documentElement.scrollHeight)
        if (viewport.width > 400 || height <= 1400) return
        for (let part = 0; part * 1200 < height; part += 1) {
          const y = part * 1200
          await page.screenshot({ path: `${path}-part${part + 1}.png`, fullPage: true, clip: { x: 0, y, width: viewport.width, height: Math.min(1200, height - y) } })
        }
      }

      await page.goto('/referearn')
      await page.waitForLoadState('networkidle')
      await shot('referearn')
      await page.goto('/signup')
      await page.getByRole('button', { name: 'Sign up' }).click()
      await expect(page.getByText('Enter your name.')).toBeVisible()
      await shot('signup-errors')
      await page.goto('/login')
      await loginViaForm(page, freshPhone(), 'whatever-password')
      await expect(page.getByText('No Account Found Please Sign Up First')).toBeVisible()
      await shot('login-no-account')

      const phone = freshPhone()
      await signupViaApi(page, 'Asha Verma', phone)
      await page.goto('/login')
      await loginViaForm(page, phone, PASSWORD)
      await expect(page.getByRole('heading', { level: 3, name: 'Java', exact: true })).toBeVisible()
      await page.getByRole('button', { name: 'Copy Referral Code' }).click()
      await expect(page.getByText('Successfully copied to clipboard!')).toBeVisible()
      await shot('dashboard')
    })
  }
})

/** Every page of the back office at 1280 and 360 px, into test-results/screenshots/admin/ (admin-walk.ts; the checks are admin-pages.spec.ts's). */
test('admin pages', async ({ page }) => {
  test.setTimeout(300_000)
  await seedAdminData(page)
  await walkAdminPages(page, await collectAdminPages(page), { check: false })
})
