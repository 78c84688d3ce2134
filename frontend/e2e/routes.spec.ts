import { expect, test } from '@playwright/test'

// Every public route's answer, head, policy and axe: public-pages.spec.ts.

test('an unknown path answers 404 and shows the not-found page', async ({ page }) => {
  const response = await page.goto('/this-page-does-not-exist')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { level: 1, name: /couldn’t find that page/i })).toBeVisible()
  await page.getByRole('link', { name: /back to home/i }).click()
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByRole('heading', { level: 1, name: /build real software/i })).toBeVisible()
})

test('paths are case-sensitive', async ({ page }) => {
  const response = await page.goto('/GetQuote')
  expect(response?.status()).toBe(404)
})

test('nothing loads from another origin', async ({ page, baseURL }) => {
  const foreign: string[] = []
  const origin = new URL(baseURL ?? 'http://127.0.0.1:8000').origin
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (url.protocol.startsWith('http') && url.origin !== origin) foreign.push(request.url())
  })
  await page.goto('/')
  await page.waitForLoadState('networkidle')
  expect(foreign).toEqual([])
})
