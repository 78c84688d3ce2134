import { expect, test } from '@playwright/test'

/**
 * Before any script has run, the page already shows the site's header (brand, navigation,
 * Login) and a loading placeholder: the server sends the prerendered app shell in the HTML
 * (frontend/src/app/static-shell.tsx, backend/web/html.py), and the scripts are fetched
 * with low priority so the first paint waits only for the stylesheet.
 */
test.describe('the app shell in the HTML', () => {
  test.use({ javaScriptEnabled: false })

  test('shows the header and a placeholder without JavaScript', async ({ page }) => {
    const site = (await (await page.request.get('/api/site')).json()) as { brand_name: string }
    const response = await page.goto('/courses')
    expect(response?.status()).toBe(200)
    const brand = page.getByRole('banner').getByRole('link').first()
    await expect(brand).toHaveText(site.brand_name)
    await expect(brand).toHaveAttribute('href', '/')
    await expect(page.getByRole('link', { name: 'Login' }).first()).toBeAttached()
    await expect(page.getByRole('main').locator('[aria-busy="true"]')).toBeVisible()
    // Real links: they work without the app, with a full page load.
    await expect(page.getByRole('navigation', { name: 'Main' }).first().getByRole('link', { name: 'Courses' })).toHaveAttribute(
      'href',
      '/courses',
    )
  })

  test('opens the mobile menu without JavaScript', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 })
    await page.goto('/courses')
    const button = page.getByRole('button', { name: 'Menu' })
    const menu = page.locator('[data-scriptless-menu]')
    await expect(menu).toBeHidden()

    await button.click()
    await expect(menu.getByRole('link', { name: 'Internship', exact: true })).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(menu).toBeHidden()

    await button.click()
    await page.mouse.click(180, 700) // a tap outside closes it
    await expect(menu).toBeHidden()

    await button.click()
    await menu.getByRole('link', { name: 'Internship', exact: true }).click()
    await expect(page).toHaveURL(/\/internship$/)
  })

  test('keeps the menu to the browser window width on a desktop', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.goto('/courses')
    await expect(page.getByRole('button', { name: 'Menu' })).toBeHidden()
    await expect(page.locator('[data-scriptless-menu]')).toBeHidden()
  })

  test('fetches the scripts with low priority', async ({ page }) => {
    await page.goto('/courses')
    await expect(page.locator('script[type="module"]')).toHaveAttribute('fetchpriority', 'low')
    const preloads = page.locator('link[rel="modulepreload"]')
    expect(await preloads.count()).toBeGreaterThan(0)
    for (const link of await preloads.all()) await expect(link).toHaveAttribute('fetchpriority', 'low')
  })
})

test('a menu opened before the scripts arrive stays open in the app', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 })
  let release = () => {}
  const scriptsHeld = new Promise<void>((resolve) => (release = resolve))
  await page.route(/\/static\/assets\/index-[\w-]+\.js$/, async (route) => {
    await scriptsHeld
    await route.continue()
  })
  // Module scripts hold DOMContentLoaded back: wait for the response only.
  await page.goto('/courses', { waitUntil: 'commit' })
  await page.getByRole('button', { name: 'Menu' }).click()
  await expect(page.locator('[data-scriptless-menu]').getByRole('link', { name: 'Internship', exact: true })).toBeVisible()

  release()
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.locator('[data-scriptless-menu]')).toHaveCount(0)
  const button = page.getByRole('button', { name: 'Menu' })
  await expect(button).toHaveAttribute('aria-expanded', 'true')
  await expect(page.getByRole('banner').getByRole('link', { name: 'Internship', exact: true })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(button).toHaveAttribute('aria-expanded', 'false')
})

test('the app replaces the shell with the page', async ({ page }) => {
  await page.goto('/courses')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0)
  await expect(page.getByRole('banner')).toHaveCount(1)
  await expect(page.getByRole('contentinfo')).toBeVisible()
})

test('a course page shows its own header before the scripts arrive, and the app keeps it in place', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 })
  const path = '/Web-Development-registration'
  const answer = await page.request.get(`/api/courses/by-route?path=${encodeURIComponent(path)}`)
  const course = (await answer.json()) as { name: string; summary: string }
  // Notes whether the page's heading, once shown, is ever gone from what is on screen.
  await page.addInitScript(() => {
    let seen = false
    new MutationObserver(() => {
      if (document.querySelector('main h1')) seen = true
      else if (seen) document.documentElement.dataset.headingGone = 'true'
    }).observe(document, { childList: true, subtree: true })
  })
  let release = () => {}
  const scriptsHeld = new Promise<void>((resolve) => (release = resolve))
  await page.route(/\/static\/assets\/index-[\w-]+\.js$/, async (route) => {
    await scriptsHeld
    await route.continue()
  })
  await page.goto(path, { waitUntil: 'commit' })
  const heading = page.getByRole('heading', { level: 1 })
  await expect(heading).toHaveText(course.name)
  await expect(page.getByRole('main').getByText(course.summary)).toBeVisible()
  await expect(page.getByRole('main').locator('[aria-busy="true"]')).toBeVisible()
  const before = await heading.boundingBox()

  release()
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0)
  await expect(page.getByRole('contentinfo')).toBeVisible()
  await expect(heading).toHaveText(course.name)
  expect(await heading.boundingBox()).toEqual(before)
  // The app waits for the page's code before it renders: no placeholder in between.
  await expect(page.locator('html')).not.toHaveAttribute('data-heading-gone')
})
