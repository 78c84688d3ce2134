import { expect, test } from '@playwright/test'

import { expectNoAxeViolations } from './axe'
import { watch } from './policy'
import { loginViaApi, publicRoutes, routes, samplePath, sidewaysOverflow, staffAccount, viewports } from './support'

/*
 * Each public route of the route table, visited once at 360 px: it answers 200 with its own
 * head ("<page title> | <brand>", a description), shows its heading, breaks no Content
 * Security Policy (no console error either) and passes axe. The page chrome that only a
 * wide screen shows (the header's links) is checked at 1280 px on the home and not-found
 * pages, and every page's layout at that width (no sideways scroll, the heading shown), the
 * signed-in ones included: the long journeys run at 360 px only (support.ts).
 */

test.describe('at 360 px', () => {
  test.use({ viewport: viewports.mobile })

  for (const route of publicRoutes) {
    test(`${route.path} answers with its own head, within the policy, and passes axe`, async ({ page }) => {
      const problems = await watch(page)
      const response = await page.goto(samplePath(route))
      expect(response?.status()).toBe(200)
      // Catalogue pages may use a more specific title than the table's.
      await expect(page).toHaveTitle(/\S.* \| \S/)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /\S{3,}/)
      await expectNoAxeViolations(page)
      expect(problems()).toEqual([])
    })
  }

  test('the not-found page is within the policy and passes axe', async ({ page }) => {
    const problems = await watch(page)
    await page.goto('/no-such-page')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expectNoAxeViolations(page)
    expect(problems()).toEqual([])
  })

  test('the open menu passes axe', async ({ page }) => {
    await page.goto('/')
    await page.getByRole('button', { name: 'Menu' }).click()
    await expectNoAxeViolations(page)
  })
})

test.describe('at 1280 px', () => {
  test.use({ viewport: viewports.desktop })

  for (const path of ['/', '/no-such-page']) {
    test(`${path} passes axe`, async ({ page }) => {
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await expectNoAxeViolations(page)
    })
  }

  test('form errors pass axe', async ({ page }) => {
    await page.goto('/getquote')
    await page.getByRole('button', { name: /send message/i }).click()
    await expect(page.getByText('Enter your name.')).toBeVisible()
    await expectNoAxeViolations(page)
  })
})

test('every page keeps its layout at 1280 px, signed out and signed in', async ({ page }) => {
  test.setTimeout(120_000)
  await page.setViewportSize(viewports.desktop)
  const check = async (path: string) => {
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1 }).first(), path).toBeVisible()
    expect.soft(await sidewaysOverflow(page), `horizontal overflow of ${path} at 1280`).toEqual([])
  }
  for (const route of publicRoutes) await check(samplePath(route))
  for (const route of routes.filter((r) => r.access === 'guest')) await check(samplePath(route))
  await loginViaApi(page, staffAccount.phone, staffAccount.password)
  for (const route of routes.filter((r) => r.access === 'user' || r.access === 'staff')) await check(samplePath(route))
})
