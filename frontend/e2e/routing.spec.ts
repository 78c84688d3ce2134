import { expect, test, type Page } from '@playwright/test'

import { routes, viewports } from './support'

// The module of one page, e.g. /assets/courses-AbC123.js.
const chunk = (page: string) => new RegExp(`/assets/${page}-[\\w-]+\\.js$`)

/** Holds back the download of a page's code until the returned function is called. */
async function holdChunk(page: Page, name: string): Promise<() => void> {
  let release = () => {}
  const released = new Promise<void>((resolve) => (release = resolve))
  await page.route(chunk(name), async (route) => {
    await released
    await route.continue()
  })
  return release
}

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' })

test.use({ viewport: viewports.desktop })

test('a first load fetches the app and the page’s own code, no other page’s', async ({ page }) => {
  const pages = new Set([...routes.map((route) => route.page), 'not-found'])
  const fetched = new Set<string>()
  page.on('request', (request) => {
    // assets/<module>-<8-character hash>.js
    const name = new URL(request.url()).pathname.match(/\/assets\/([\w-]+?)-[\w-]{8}\.js$/)?.[1]
    if (name && pages.has(name)) fetched.add(name)
  })
  // The home page hydrates (src/lib/hydration.ts): the app and its own code.
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1, name: /build real software/i })).toBeVisible()
  await page.waitForLoadState('networkidle')
  expect([...fetched]).toEqual(['home'])

  // /courses does not: no script at all, its own or any other page's.
  const scripts: string[] = []
  const fresh = await page.context().newPage()
  fresh.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url())
  })
  await fresh.goto('/courses')
  await expect(fresh.getByRole('heading', { level: 1, name: 'Live online courses' })).toBeVisible()
  await fresh.waitForLoadState('networkidle')
  expect(scripts).toEqual([])
})

test('a slow page: the old one stays, with a progress bar, until the new one arrives', async ({ page }) => {
  await page.goto('/')
  const home = page.getByRole('heading', { level: 1, name: /build real software/i })
  await expect(home).toBeVisible()
  const release = await holdChunk(page, 'courses')

  await mainNav(page).getByRole('link', { name: 'Courses' }).click()
  await expect(page.getByRole('progressbar', { name: 'Loading page' })).toBeVisible()
  await expect(home).toBeVisible()
  await expect(page.locator('main > [aria-busy="true"]')).toHaveCount(0)

  release()
  await expect(page.getByRole('heading', { level: 1, name: 'Live online courses' })).toBeVisible()
  await expect(page.getByRole('progressbar')).toHaveCount(0)
  await expect(page).toHaveTitle(/^Courses \| /)
})

test('a page whose code cannot be downloaded reloads the site (a new release), and the link then works', async ({ page }) => {
  await page.route(chunk('courses'), (route) => route.abort())
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1, name: /build real software/i })).toBeVisible()

  // React Router reloads the page when a page's code is missing (usually a release that
  // replaced it), so the visitor gets the current assets; the page they were on stays whole.
  const reloaded = page.waitForEvent('load')
  await mainNav(page).getByRole('link', { name: 'Courses' }).click()
  await reloaded
  await expect(page.getByRole('heading', { level: 1, name: /build real software/i })).toBeVisible()

  await page.unroute(chunk('courses'))
  await mainNav(page).getByRole('link', { name: 'Courses' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Live online courses' })).toBeVisible()
  await expect(page).toHaveURL(/\/courses$/)
})

test('a new page starts at the top; back returns to where the reader was', async ({ page }) => {
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1, name: /build real software/i })).toBeVisible()
  const footerLink = page.getByRole('navigation', { name: 'Explore' }).getByRole('link', { name: 'Courses' })
  await footerLink.scrollIntoViewIfNeeded()
  const left = await page.evaluate(() => window.scrollY)
  expect(left).toBeGreaterThan(500)

  await footerLink.click()
  await expect(page.getByRole('heading', { level: 1, name: 'Live online courses' })).toBeVisible()
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)

  await page.goBack()
  await expect(page.getByRole('heading', { level: 1, name: /build real software/i })).toBeVisible()
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(left)

  await page.goForward()
  await expect(page.getByRole('heading', { level: 1, name: 'Live online courses' })).toBeVisible()
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
})

test('a #hash in the address scrolls to its element once the page is there', async ({ page }) => {
  await page.goto('/#contact')
  await expect(page.getByRole('heading', { level: 2, name: /contact us/i })).toBeInViewport()
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500)
})
