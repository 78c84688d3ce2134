import { expect, test, type Page } from '@playwright/test'

import { pageData } from './support'

/**
 * Every page comes from the server whole (React Router's framework mode renders it with its
 * data); a page that needs the client then hydrates (src/lib/hydration.ts; /courses does not,
 * the home page, /verify and a course page do): before any script has run, and without
 * scripts at all, the page reads completely; hydrating changes nothing on screen.
 */

/** Holds back the app's entry script (and so hydration) until the returned function runs. */
async function holdHydration(page: Page): Promise<() => void> {
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(/\/assets\/entry\.client-[\w-]+\.js$/, async (route) => {
    await held
    await route.continue()
  })
  return release
}

test.describe('pages without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('a page arrives whole: header, content with its data, footer, no placeholders', async ({ page }) => {
    const { site, courses } = await pageData(page, '/api/pages/courses')
    const response = await page.goto('/courses')
    expect(response?.status()).toBe(200)
    const brand = page.getByRole('banner').getByRole('link').first()
    await expect(brand).toHaveText(site.brand_name)
    await expect(page.getByRole('heading', { level: 1, name: 'Live online courses' })).toBeVisible()
    for (const course of courses) await expect(page.getByRole('main').getByText(course.name).first()).toBeVisible()
    await expect(page.getByRole('contentinfo')).toBeVisible()
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0)
    // Real links: they work without the app, with a full page load.
    await page.getByRole('navigation', { name: 'Main' }).first().getByRole('link', { name: 'Portfolio' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Our work' })).toBeVisible()
  })

  test('opens the mobile menu without JavaScript', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 })
    await page.goto('/courses')
    const button = page.getByRole('button', { name: 'Menu' })
    const menu = page.getByRole('banner').locator('[popover]')
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
    await expect(page.getByRole('banner').locator('[popover]')).toBeHidden()
  })
})

test('a menu opened before the scripts arrive stays open in the app', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 })
  const release = await holdHydration(page)
  // Module scripts hold DOMContentLoaded back: wait for the response only. (The home page
  // hydrates; /courses, which does not, is the no-JavaScript menu above.)
  await page.goto('/', { waitUntil: 'commit' })
  await page.getByRole('button', { name: 'Menu' }).click()
  const menu = page.getByRole('banner').locator('[popover]')
  await expect(menu.getByRole('link', { name: 'Internship', exact: true })).toBeVisible()

  release()
  const button = page.getByRole('button', { name: 'Menu' })
  // The app states aria-expanded once it runs: the same menu, still open.
  await expect(button).toHaveAttribute('aria-expanded', 'true')
  await expect(menu.getByRole('link', { name: 'Internship', exact: true })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(button).toHaveAttribute('aria-expanded', 'false')
  await expect(menu).toBeHidden()
})

test('a menu pressed as the page appears stays open: hydrating never swaps or closes it', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 })
  // Notes any moment the menu panel loses its popover or leaves the page (a hand-over).
  await page.addInitScript(() => {
    new MutationObserver((records) => {
      for (const record of records) {
        const target = record.target as Element
        const lost = record.type === 'attributes' && record.oldValue !== null && !target.hasAttribute('popover')
        const removed = [...record.removedNodes].some((node) => node instanceof Element && (node.matches('[popover]') || node.querySelector('[popover]')))
        if (lost || removed) document.documentElement.dataset.menuSwapped = 'true'
      }
    }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['popover'], attributeOldValue: true })
  })
  // The pages that hydrate (a page without scripts keeps the browser's menu: above).
  for (const path of ['/', '/Web-Development-registration', '/login', '/verify']) {
    await page.goto(path, { waitUntil: 'commit' })
    // As soon as the page has loaded, while the scripts are still taking over.
    await page.waitForLoadState('load')
    const button = page.getByRole('button', { name: 'Menu' })
    await button.click()
    await expect(button, path).toHaveAttribute('aria-expanded', 'true')
    await expect(page.getByRole('banner').locator('[popover]').getByRole('link', { name: 'Portfolio' }), path).toBeVisible()
    expect(await page.evaluate(() => document.documentElement.dataset.menuSwapped ?? ''), path).toBe('')
  }
  await page.screenshot({ path: 'test-results/screenshots/issue33-menu-open-360.png' })
})

test('a course page reads before the scripts arrive, and hydrating keeps it in place', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 })
  const path = '/Web-Development-registration'
  const found = await pageData(page, '/api/pages/path', { path })
  if (found.kind === 'event') throw new Error(`No course has the page ${path}.`)
  const { course } = found
  // Notes whether the page's heading, once shown, is ever gone from what is on screen.
  await page.addInitScript(() => {
    let seen = false
    new MutationObserver(() => {
      if (document.querySelector('main h1')) seen = true
      else if (seen) document.documentElement.dataset.headingGone = 'true'
    }).observe(document, { childList: true, subtree: true })
  })
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  const release = await holdHydration(page)
  await page.goto(path, { waitUntil: 'commit' })
  const heading = page.getByRole('heading', { level: 1 })
  await expect(heading).toHaveText(course.name)
  await expect(page.getByRole('main').getByText(course.summary).first()).toBeVisible()
  await expect(page.getByRole('main').getByText(course.payable_fee_display).first()).toBeVisible()
  // The web font arrives on its own time (font-display: swap), scripts or not: measure once
  // it is in, so the comparison is about hydration alone. (The stylesheet is in the page.)
  expect(await page.evaluate(() => document.querySelector('head style')?.textContent?.length ?? 0)).toBeGreaterThan(1000)
  await page.evaluate(async () => {
    await document.fonts.ready
  })
  const before = await heading.boundingBox()

  release()
  await page.waitForLoadState('networkidle')
  await expect(heading).toHaveText(course.name)
  expect(await heading.boundingBox()).toEqual(before)
  await expect(page.locator('html')).not.toHaveAttribute('data-heading-gone')
  // The app keeps the server's stylesheet (its own scripts do not carry the text).
  expect(await page.evaluate(() => document.querySelectorAll('style').length)).toBe(1)
  expect(await page.evaluate(() => document.querySelector('head style')?.textContent?.length ?? 0)).toBeGreaterThan(1000)
  // A hydration mismatch is reported on the console.
  expect(errors).toEqual([])
})

test('the policy allows exactly the page’s inline scripts and stylesheet, by their hashes, the same for every visitor', async ({ page }) => {
  const violations: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) violations.push(message.text())
  })
  const response = await page.goto('/')
  const policy = response?.headers()['content-security-policy'] ?? ''
  expect(policy).not.toContain('unsafe-inline')
  expect(policy).not.toContain("'nonce-")
  const inline = page.locator('script:not([src]), style')
  expect(await page.locator('script:not([src])').count()).toBeGreaterThan(0)
  expect(await page.locator('style').count()).toBe(1)
  for (const element of await inline.all()) {
    const type = await element.getAttribute('type')
    if (type === 'application/ld+json') continue
    const hash = await element.evaluate(async (node) => {
      const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(node.textContent ?? ''))
      return btoa(String.fromCharCode(...new Uint8Array(digest)))
    })
    expect(policy).toContain(`'sha256-${hash}'`)
  }
  const styleSources = policy.split(';').find((part) => part.startsWith('style-src ')) ?? ''
  expect(styleSources).toMatch(/^style-src 'self' 'sha256-[\w+/=]+'$/)
  // The page is styled (the browser applied the stylesheet the policy allows).
  expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toContain('Inter')
  expect(violations).toEqual([])
  // Nothing per response: a shared cache may keep the page and its policy together. (The
  // page's data carries its time to the minute: a second pair is asked for should a
  // minute turn between the first two answers.)
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const [first, second] = [await page.request.get('/'), await page.request.get('/')]
    const same = (await first.text()) === (await second.text())
    if (!same && attempt === 0) continue
    expect(same).toBe(true)
    expect(second.headers()['content-security-policy']).toBe(first.headers()['content-security-policy'])
    break
  }
})

test.describe('the first load', () => {
  for (const path of ['/', '/courses', '/verify', '/login', '/about']) {
    test(`${path}: the stylesheet is in the head, before anything the browser fetches, and no script blocks`, async ({ request }) => {
      const html = await (await request.get(path)).text()
      const head = html.slice(0, html.indexOf('</head>'))
      // The whole stylesheet in the page: the first paint waits for no second request.
      expect(head).not.toMatch(/<link rel="stylesheet"/)
      const styles = [...head.matchAll(/<style[^>]*>/g)]
      expect(styles).toHaveLength(1)
      const styleAt = styles[0]!.index
      expect(html.slice(styleAt, html.indexOf('</style>'))).toContain('@font-face')
      // Nothing the browser fetches comes before it: no modulepreload, no script, no font.
      for (const match of head.matchAll(/<link rel="(modulepreload|preload)"|<script(?![^>]*application\/ld\+json)/g)) {
        expect(match.index, `${match[0]} before the stylesheet`).toBeGreaterThan(styleAt)
      }
      // Scripts that run are modules (deferred by nature) or inline: none with a src blocks.
      expect(html).not.toMatch(/<script(?![^>]*type="module")[^>]*\ssrc=/)
    })
  }
})

test.describe('no script where none is needed (src/lib/hydration.ts)', () => {
  for (const path of ['/courses', '/about', '/events', '/privacy-policy']) {
    test(`${path} works without JavaScript and ships none`, async ({ request }) => {
      const html = await (await request.get(path)).text()
      expect(html).toContain('</main>')
      expect(html).not.toMatch(/<script\b(?![^>]*application\/ld\+json)/)
      expect(html).not.toContain('modulepreload')
    })
  }

  for (const path of ['/', '/login', '/verify', '/Web-Development-registration']) {
    test(`${path} needs the client and hydrates`, async ({ request }) => {
      const html = await (await request.get(path)).text()
      expect(html).toMatch(/<link rel="modulepreload" href="\/assets\/[^"]+\.js"/)
      expect(html).toMatch(/<script type="module"/)
    })
  }

  test('a page opened in the app from a hydrated page keeps the app (no reload)', async ({ page }) => {
    await page.goto('/')
    await page.waitForLoadState('networkidle')
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true))
    await page.getByRole('contentinfo').getByRole('link', { name: 'Courses' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Live online courses' })).toBeVisible()
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true)
  })
})
