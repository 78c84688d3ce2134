import { expect, test } from '@playwright/test'

import { visit, watch } from './policy'
import { loginViaApi, routes, samplePath, staffAccount } from './support'

/**
 * The Content Security Policy holds in a real browser: no logged-in page, no admin screen
 * and not the API docs trigger a CSP violation or any other console error (the public
 * pages: public-pages.spec.ts, in their one visit each). The watcher: policy.ts.
 */

test('every response carries the security headers', async ({ page }) => {
  // The pages (Node) and Django send one Permissions-Policy, from one file.
  const djangoPolicy = (await page.request.get('/api/pages/basic')).headers()['permissions-policy']
  expect(djangoPolicy).toContain('clipboard-write=(self)')
  for (const path of ['/', '/api/pages/basic', '/admin/login/', '/api/docs']) {
    const response = await page.request.get(path)
    const headers = response.headers()
    const csp = headers['content-security-policy'] ?? ''
    expect(csp, path).toContain("script-src 'self'")
    expect(csp, path).toContain("object-src 'none'")
    expect(csp, path).toContain("frame-ancestors 'none'")
    // No inline script anywhere. The back office's theme (django-unfold) needs inline styles
    // and 'unsafe-eval' for its Alpine.js, under /admin/ only (core.middleware).
    const scriptSrc = csp.match(/script-src([^;]*)/)?.[1] ?? ''
    expect(scriptSrc, path).not.toContain('unsafe-inline')
    if (!path.startsWith('/admin/')) expect(csp, path).not.toMatch(/unsafe-(inline|eval)/)
    expect(headers['permissions-policy'], path).toBe(djangoPolicy)
    expect(headers['x-content-type-options'], path).toBe('nosniff')
    expect(headers['x-frame-options'], path).toBe('DENY')
    expect(headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin')
    expect(headers['cross-origin-opener-policy'], path).toBe('same-origin')
  }
})

test('no logged-in page breaks the policy', async ({ page }) => {
  const problems = await watch(page)
  await loginViaApi(page, staffAccount.phone, staffAccount.password)
  for (const route of routes.filter((r) => 'access' in r && r.access && r.access !== 'guest')) {
    await visit(page, samplePath(route), () => expect(page.locator('h1').first()).toBeVisible())
  }
  expect(problems()).toEqual([])
})

test('the back office works under the policy', async ({ page }) => {
  test.setTimeout(60_000)
  const problems = await watch(page)
  await visit(page, '/admin/login/', () => expect(page.locator('#id_username')).toBeVisible())
  await loginViaApi(page, staffAccount.phone, staffAccount.password)
  const screens = [
    '/admin/',
    '/admin/enrolments/enrolment/',
    '/admin/catalog/course/',
    '/admin/catalog/course/add/',
    '/admin/catalog/sitesettings/',
    '/admin/certificates/certificate/add/',
    '/admin/accounts/user/',
  ]
  for (const path of screens) {
    await visit(page, path, () => expect(page.locator('#content')).toBeVisible())
  }
  // A change form with its widgets (date pickers, related-object links) and scripts.
  await visit(page, '/admin/catalog/course/', () => expect(page.locator('#result_list')).toBeVisible())
  await page.locator('#result_list tbody a').first().click()
  await expect(page.locator('form#course_form')).toBeVisible()
  await page.waitForLoadState('networkidle')
  expect(problems()).toEqual([])
})

test('the API docs render under the policy', async ({ page }) => {
  const problems = await watch(page)
  await visit(page, '/api/docs', () => expect(page.locator('.swagger-ui .opblock').first()).toBeVisible())
  // Open one operation: Swagger UI draws its parameters and schemas.
  await page.locator('.swagger-ui .opblock-summary').first().click()
  await expect(page.locator('.swagger-ui .opblock-body').first()).toBeVisible()
  expect(problems()).toEqual([])
})

test('an inline script is blocked, and the watcher above reports it', async ({ page }) => {
  const problems = await watch(page)
  await visit(page, '/', () => expect(page.locator('h1').first()).toBeVisible())
  await page.addScriptTag({ content: 'document.body.dataset.inlineRan = "yes"' }).catch(() => undefined)
  await expect.poll(() => problems().filter((p) => p.startsWith('CSP: script-src'))).toHaveLength(1)
  expect(await page.evaluate(() => document.body.dataset.inlineRan)).toBeUndefined()
})
