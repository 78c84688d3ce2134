import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'

import { publicRoutes, samplePath, viewports } from './support'

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']

async function expectNoViolations(page: Page) {
  // Let lazy sections (team) settle so they are checked too.
  await page.waitForLoadState('networkidle')
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze()
  const summary = results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)
  expect(summary).toEqual([])
}

for (const [name, viewport] of Object.entries(viewports)) {
  test.describe(`axe at ${viewport.width} px`, () => {
    test.use({ viewport })

    for (const route of publicRoutes) {
      test(`${route.path} (${name})`, async ({ page }) => {
        await page.goto(samplePath(route))
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
        await expectNoViolations(page)
      })
    }

    test(`not-found page (${name})`, async ({ page }) => {
      await page.goto('/no-such-page')
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await expectNoViolations(page)
    })

    test(`form errors (${name})`, async ({ page }) => {
      await page.goto('/getquote')
      await page.getByRole('button', { name: /send message/i }).click()
      await expect(page.getByText('Enter your name.')).toBeVisible()
      await expectNoViolations(page)
    })
  })
}

test.describe('mobile menu open', () => {
  test.use({ viewport: viewports.mobile })
  test('has no violations', async ({ page }) => {
    await page.goto('/')
    await page.getByRole('button', { name: 'Menu' }).click()
    await expectNoViolations(page)
  })
})
