import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'

import { AXE_TAGS } from './axe'
import { csrfToken, loginViaApi, onServerDatabase, sidewaysOverflow, staffAccount, viewports } from './support'

/*
 * A walk through every page of the back office (issue 33), shared by admin-pages.spec.ts
 * (the checks, in `make test-e2e`) and screenshots.spec.ts (the PNGs only, `make
 * screenshots`), so the walk runs once in each. The changelists are read from the admin's
 * index page, so a new model is walked without editing this file; each list's first row
 * opens its change page; the custom pages (get_urls in backend/{app}/admin.py) are listed.
 */

/** Our own admin pages that no index link leads to (ModelAdmin.get_urls). */
const CUSTOM_PAGES = [
  '/admin/enrolments/statementline/reconcile/',
  '/admin/invoices/invoice/export/',
  '/admin/notifications/messagepreferences/templates/',
  '/admin/notifications/messagepreferences/texts/',
]

/**
 * Inside django-unfold's own markup, not ours, and without a documented override: only
 * these selectors are left out of axe's scan (each named with why). Empty while none is needed.
 */
const AXE_EXCLUDES: string[] = []

export type AdminPage = { url: string; name: string }

const stamp = Date.now() % 100_000_000

/**
 * A little of everything, so the lists are not all empty: an enrolment with a UTR and an
 * enquiry through the public API (before logging in), and an intern's task submission
 * through the services (manage.py: applying, accepting and submitting take three people).
 */
export async function seedAdminData(page: Page) {
  await page.goto('/')
  const post = async (path: string, data: object) =>
    page.request.post(path, { data, headers: { 'X-CSRFToken': await csrfToken(page), Referer: page.url() } })
  const enrolled = await post('/api/enrolments', {
    course: 'web-development',
    name: 'Walk Student',
    phone: `96${String(stamp).padStart(8, '0')}`,
    email: 'walk.student@example.org',
  })
  expect(enrolled.status(), await enrolled.text()).toBe(201)
  const { reference } = await enrolled.json()
  const utr = `6${String(stamp).padStart(11, '0')}`.slice(0, 12)
  expect((await post(`/api/enrolments/${reference}/utr`, { utr })).ok()).toBeTruthy()
  const enquiry = await post('/api/enquiries', {
    kind: 'contact',
    name: 'Walk Enquirer',
    email: 'walk.enquirer@example.org',
    subject: 'A question about the courses',
    message: 'Do the weekend batches of the web development course start this month?',
  })
  expect(enquiry.status(), await enquiry.text()).toBe(201)
  onServerDatabase([
    'from accounts.models import User',
    'from internships import services',
    `user = User.objects.create_user(phone="95${String(stamp).padStart(8, '0')}", name="Walk Intern", password="walk-intern-password-1")`,
    'application = services.application_create(user=user, domain_slug="web-development", college="Walk College", year="3", profile_url="", statement="I would like to build web applications with a team and learn how real projects are run.", batch=1)',
    'placement = services.application_accept(application_id=application.pk, by=None)',
    'services.submission_submit(user=user, board_slug=placement.board.slug, task_number=1, link="https://example.org/walk", note="My first task.", upload=None)',
  ])
  await page.context().clearCookies()
}

/** Logs in as the e2e staff and reads the pages to walk from the admin's index. */
export async function collectAdminPages(page: Page): Promise<AdminPage[]> {
  await loginViaApi(page, staffAccount.phone, staffAccount.password)
  await page.setViewportSize(viewports.desktop)
  await page.goto('/admin/')
  const hrefs = await page.locator('a[href^="/admin/"]').evaluateAll((links) => links.map((link) => new URL((link as HTMLAnchorElement).href).pathname))
  const changelists = [...new Set(hrefs.filter((href) => /^\/admin\/[a-z_]+\/[a-z_]+\/$/.test(href)))].sort()
  expect(changelists.length).toBeGreaterThan(5)
  const pages: AdminPage[] = [{ url: '/admin/', name: 'admin-index-index' }]
  for (const url of changelists) {
    const [app, model] = url.split('/').slice(2, 4)
    pages.push({ url, name: `${app}-${model}-list` })
    await page.goto(url)
    const rowLinks = await page
      .locator('#result_list tbody a[href]')
      .evaluateAll((links) => links.map((link) => new URL((link as HTMLAnchorElement).href).pathname))
    const change = rowLinks.find((href) => href.startsWith(url) && /\/change\/$/.test(href))
    if (change) pages.push({ url: change, name: `${app}-${model}-change` })
  }
  for (const url of CUSTOM_PAGES) {
    const [app, model, view] = url.split('/').slice(2, 5)
    pages.push({ url, name: `${app}-${model}-${view}` })
  }
  return pages
}

/** A colour-contrast finding's numbers (axe's check data), to fix it in back-office.css. */
function contrast(checks: { id: string; data?: unknown }[]): string {
  const data = checks.find((check) => check.id === 'color-contrast')?.data as { fgColor?: string; bgColor?: string; contrastRatio?: number } | undefined
  return data?.fgColor ? ` ${data.fgColor} on ${data.bgColor}: ${data.contrastRatio}` : ''
}

export type WalkOptions = {
  /** Check each page (status, errors, overflow, axe, script errors); else screenshots only. */
  check: boolean
  /** Folder for the PNGs. */
  dir?: string
}

/**
 * The kind of page, for axe (issue 42): axe runs once per kind, since pages of one kind share
 * their template (the index, an app's index, a list, a change form with the same kinds of
 * inlines); each of our own pages is its own kind.
 */
async function pageKind(page: Page, url: string): Promise<string> {
  if (CUSTOM_PAGES.includes(url)) return url
  if (url === '/admin/') return 'index'
  if (/^\/admin\/[a-z_]+\/$/.test(url)) return 'app-index'
  if (/^\/admin\/[a-z_]+\/[a-z_]+\/$/.test(url)) return 'list'
  const inlines = await page.locator('[data-inline-type]').evaluateAll((groups) => [...new Set(groups.map((group) => group.getAttribute('data-inline-type')))].sort())
  return `change ${inlines.join(' ')}`
}

async function axeFindings(page: Page): Promise<string[]> {
  let axe = new AxeBuilder({ page }).withTags(AXE_TAGS)
  for (const selector of AXE_EXCLUDES) axe = axe.exclude(selector)
  const results = await axe.analyze()
  return results.violations.map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => `${node.target.join(' ')}${contrast(node.any)}`).join(', ')})`)
}

/**
 * Checks every page at 360 px (status, no error, no sideways scroll, no script error; axe on
 * the first page of each kind), then axe at 1280 px on that first page of each kind (soft: one
 * run reports every page). Without `check`, saves each page's PNG at both widths instead.
 * Whether each page answers whole for a superuser is also pytest's (backoffice/tests/test_admin_walk.py).
 */
export async function walkAdminPages(page: Page, pages: AdminPage[], { check, dir = 'test-results/screenshots/admin' }: WalkOptions) {
  const scriptErrors: string[] = []
  page.on('pageerror', (error) => scriptErrors.push(`page error: ${error.message}`))
  page.on('console', (message) => {
    if (message.type() === 'error') scriptErrors.push(`console: ${message.text()}`)
  })
  await page.emulateMedia({ reducedMotion: 'reduce' })
  // ADMIN_WALK_ONLY=<regexp> walks only the matching addresses (while fixing one page).
  const only = process.env.ADMIN_WALK_ONLY ? new RegExp(process.env.ADMIN_WALK_ONLY) : undefined
  if (only) pages = pages.filter((target) => only.test(target.url))
  if (!check) {
    for (const viewport of [viewports.desktop, viewports.mobile]) {
      await page.setViewportSize(viewport)
      for (const target of pages) {
        await page.goto(target.url)
        await page.screenshot({ path: `${dir}/${target.name}-${viewport.width}.png`, fullPage: true })
      }
    }
    return
  }
  const firstOfKind = new Map<string, string>()
  await page.setViewportSize(viewports.mobile)
  for (const target of pages) {
    const where = `${target.url} at ${viewports.mobile.width}`
    scriptErrors.length = 0
    const response = await page.goto(target.url)
    expect.soft(response?.status(), where).toBe(200)
    const body = await page.locator('body').innerText()
    expect.soft(body, where).not.toMatch(/Server Error|Traceback|TemplateSyntaxError|NoReverseMatch|Page not found/)
    await expect.soft(page.locator('.errornote, .errorlist'), where).toHaveCount(0)
    expect.soft(await sidewaysOverflow(page), `horizontal overflow of ${where}`).toEqual([])
    const kind = await pageKind(page, target.url)
    if (!firstOfKind.has(kind)) {
      firstOfKind.set(kind, target.url)
      expect.soft(await axeFindings(page), `axe on ${where}`).toEqual([])
    }
    if (target.url === '/admin/internships/tasksubmission/') {
      // Select-all on the Submissions list once threw a script error (issue 33).
      const all = page.locator('#action-toggle')
      await expect.soft(all, where).toHaveCount(1)
      if ((await all.count()) === 1) {
        await all.check()
        await expect.soft(page.locator('#result_list tbody input[name="_selected_action"]:checked').first(), where).toBeVisible()
        await all.uncheck()
      }
    }
    expect.soft(scriptErrors, `script errors on ${where}`).toEqual([])
  }
  await page.setViewportSize(viewports.desktop)
  for (const url of firstOfKind.values()) {
    const where = `${url} at ${viewports.desktop.width}`
    scriptErrors.length = 0
    await page.goto(url)
    expect.soft(await axeFindings(page), `axe on ${where}`).toEqual([])
    expect.soft(scriptErrors, `script errors on ${where}`).toEqual([])
  }
  test.info().annotations.push({ type: 'kinds', description: `axe on ${firstOfKind.size} kinds of page: ${[...firstOfKind.keys()].join(', ')}` })
}
