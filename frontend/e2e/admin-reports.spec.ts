import { expect, test } from '@playwright/test'

import { expectNoAxeViolations } from './axe'
import { loginViaApi, onServerDatabase, runTag, sidewaysOverflow, staffAccount, viewports } from './support'

/*
 * The back office's Reports (issue 46, docs/product.md section 23) at 360 and 1280 px: the
 * charts drawn (django-unfold's Chart.js) inside their text alternatives, each table with its
 * caption and money in Indian digit grouping, a CSV download, nothing sticking out sideways,
 * no script error, and axe finding nothing. Each figure's arithmetic is pytest's
 * (backend/backoffice/tests/test_reports_*.py). The PNGs go to test-results/screenshots/admin/.
 */

test('the Reports page reads at 360 and 1280 px, with its charts, tables and CSV files', async ({ page }) => {
  test.setTimeout(120_000)
  const tag = runTag()
  onServerDatabase([
    'from datetime import timedelta',
    'from django.utils import timezone',
    'from accounts.models import User',
    'from catalog.models import Batch, Course',
    'from certificates.models import VerificationDay',
    'from core.dates import india_today',
    'from enrolments.models import Enrolment',
    'now = timezone.now()',
    'course = Course.objects.get(slug="web-development")',
    'friend = User.objects.create_user("9300000046", "Report Referrer", None)',
    'Batch.objects.create(course=course, starts_on=india_today() + timedelta(days=20), ends_on=india_today() + timedelta(days=80), seats=30)',
    `for n in range(6):`,
    `    Enrolment.objects.create(reference=f"E2R${tag.slice(-4)}{n:05d}", course=course, name=f"Report Student {n}", phone=f"+9192{n:08d}", amount=123456 if n == 5 else 2499, status="confirmed", created_at=now - timedelta(days=40 * n), utr_submitted_at=now - timedelta(days=40 * n), confirmed_at=now - timedelta(days=40 * n), referrer=friend if n % 2 else None)`,
    'for day in range(60):',
    '    VerificationDay.objects.update_or_create(day=india_today() - timedelta(days=day), defaults={"count": 3 * day % 17})',
  ])
  await loginViaApi(page, staffAccount.phone, staffAccount.password)
  const scriptErrors: string[] = []
  page.on('pageerror', (error) => scriptErrors.push(error.message))
  page.on('console', (message) => {
    // Chromium's own ask for /favicon.ico (the back office names no icon) is not the page's.
    if (message.type() === 'error' && !message.location().url.endsWith('/favicon.ico')) scriptErrors.push(message.text())
  })
  await page.emulateMedia({ reducedMotion: 'reduce' })
  for (const viewport of [viewports.mobile, viewports.desktop]) {
    await page.setViewportSize(viewport)
    const response = await page.goto('/admin/reports/')
    expect(response?.status()).toBe(200)
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Reports')
    await expect(page.getByRole('heading', { name: 'Money confirmed per month' })).toBeVisible()
    const money = page.getByRole('table', { name: 'Money confirmed per month' })
    await expect(money.getByRole('row')).toHaveCount(13)
    // The large figure is five months back: other specs running beside this one confirm
    // payments this month, so this month's total is theirs as well.
    await expect(money).toContainText('₹1,23,456')
    const chart = page.getByRole('img', { name: /Bar chart of the money confirmed/ })
    await expect(chart).toBeVisible()
    // Chart.js has drawn on the canvas: it has a size of its own.
    expect((await chart.locator('canvas').boundingBox())?.height ?? 0).toBeGreaterThan(100)
    await expect(page.getByRole('table', { name: 'Batches taking students' })).toContainText('30')
    await expect(page.getByRole('table', { name: 'Top referrers' })).toContainText('Report Referrer')
    expect(await sidewaysOverflow(page), `sideways at ${viewport.width}`).toEqual([])
    await expectNoAxeViolations(page)
    await page.screenshot({ path: `test-results/screenshots/admin/reports-${viewport.width}.png`, fullPage: true })
  }
  const link = page.getByRole('link', { name: /Download CSV of “Money confirmed per month”/ })
  const csv = await page.request.get((await link.getAttribute('href')) ?? '')
  expect(csv.status()).toBe(200)
  expect(csv.headers()['content-type']).toBe('text/csv; charset=utf-8')
  expect((await csv.text()).split('\r\n')[0]).toBe('Month,Courses (₹),Events (₹)')
  expect(scriptErrors).toEqual([])
})
