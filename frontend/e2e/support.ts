import { execFileSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'

import { expect, type Page } from '@playwright/test'

import type { paths } from '../src/api/schema'
import { pages } from '../src/routes'

/** Who may open a page; the server redirects (or refuses) everyone else. */
const ACCESS: Record<string, 'guest' | 'user' | 'staff'> = {
  login: 'guest',
  signup: 'guest',
  registration: 'guest',
  dashboard: 'user',
  'internship-apply': 'user',
  account: 'user',
  'certificate-import': 'staff',
}

/** A concrete URL for routes whose parameter must name something that exists. */
const SAMPLES: Record<string, string> = {
  'internship-apply': '/internship/apply/web-development',
}

export type Route = { id: string; path: string; page: string; access?: 'guest' | 'user' | 'staff' }

/**
 * The seeded pages found from the data (their course's or event's Page path, served by
 * src/app/routes/page.tsx): every spec that visits the route table's pages visits these too.
 */
const SEEDED_PAGES: Route[] = [
  { id: 'course-web', path: '/Web-Development-registration', page: 'page' },
  { id: 'course-android', path: '/Android-Development-registration', page: 'page' },
  { id: 'course-java', path: '/java-registration', page: 'page' },
  { id: 'course-python', path: '/python-registration', page: 'page' },
  { id: 'bootcamp', path: '/java+android_bootcamp', page: 'page' },
  { id: 'bgmi-events', path: '/BGMI-Events', page: 'page' },
  { id: 'hackathon', path: '/hackathon', page: 'page' },
]

/** The app's route table (src/routes.ts) and the seeded pages found from the data, with what the specs expect of each page. */
export const routes: Route[] = [
  ...pages.map((page) => ({ id: page.id, path: page.path, page: page.file, access: ACCESS[page.id] })),
  ...SEEDED_PAGES,
]

/** A concrete URL for a route: parameters get a sample value. */
export function samplePath(route: Route): string {
  return SAMPLES[route.id] ?? route.path.replace(/:[A-Za-z]+|\*/g, 'SAMPLE-ID')
}

/** Pages whose address names a document the site issued: their own spec issues one first (invoice.spec.ts). */
const ISSUED: ReadonlySet<string> = new Set(['invoice-check', 'enrolment-link'])

/** Routes anyone can open without logging in (access-controlled ones have their own specs). */
export const publicRoutes: Route[] = routes.filter((route) => !route.access && !ISSUED.has(route.id))

export const viewports = {
  mobile: { width: 360, height: 740 },
  desktop: { width: 1280, height: 800 },
} as const

/**
 * The width the long journeys run at (issue 42): the phone's, where most students are. The
 * 1280 px layout of the pages they pass through is checked on its own (public-pages.spec.ts).
 */
export const journeyViewports = { mobile: viewports.mobile } as const

/** What sticks out past the page's right edge (the deepest elements), when the page scrolls sideways. */
export async function sidewaysOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth
    if (document.documentElement.scrollWidth <= width) return []
    const out = [...document.body.querySelectorAll('*')].filter((element) => {
      const box = element.getBoundingClientRect()
      if (box.right <= width + 1 || box.width === 0) return false
      // Inside a container that scrolls sideways itself (the changelist's table): fine.
      for (let parent = element.parentElement; parent; parent = parent.parentElement) {
        const style = getComputedStyle(parent)
        if (['auto', 'scroll', 'hidden', 'clip'].includes(style.overflowX) && parent.getBoundingClientRect().right <= width + 1) return false
      }
      return ![...element.children].some((child) => child.getBoundingClientRect().right > width + 1)
    })
    return [`scrollWidth ${document.documentElement.scrollWidth} > ${width}`, ...out.slice(0, 5).map((element) => `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}.${[...element.classList].slice(0, 4).join('.')} right=${Math.round(element.getBoundingClientRect().right)}`)]
  })
}

export const packageSlugs = [
  'web-project',
  'full-stack-web-project',
  'e-commerce-project',
  'iot-project',
  'ios-app-project',
  'android-app-project',
] as const

/** A unique enough value per run, so repeated runs do not look like duplicates. */
export function runTag(): string {
  return Date.now().toString(36)
}

/** The staff account scripts/e2e.sh creates in the fresh database. */
export const staffAccount = {
  phone: process.env.E2E_STAFF_PHONE ?? '9000000099',
  password: process.env.E2E_STAFF_PASSWORD ?? 'e2e-staff-password-1',
}

/**
 * Logs the page's browser context in through the API (no UI), e.g. as staff, with the
 * CSRF cookie the browser's own requests ask for (pages set no cookie: a cache shares them).
 */
export async function loginViaApi(page: Page, phone: string, password: string) {
  await page.goto('/')
  const response = await page.request.post('/api/auth/login', {
    data: { phone, password },
    headers: { 'X-CSRFToken': await csrfToken(page), Referer: page.url() },
  })
  if (!response.ok()) throw new Error(`login failed: ${response.status()} ${await response.text()}`)
}

/** The pages' reads (GET /api/pages/…) that take no path parameter. */
type PagePath = { [P in keyof paths]: P extends `/api/pages/${string}` ? (paths[P] extends { get: { parameters: { path?: never } } } ? P : never) : never }[keyof paths]
type PageAnswer<P extends PagePath> = paths[P] extends { get: { responses: { 200: { content: { 'application/json': infer T } } } } } ? T : never

/** A page's data as its loader gets it (GET /api/pages/<page>), in this page's browser session. */
export async function pageData<P extends PagePath>(page: Page, path: P, query: Record<string, string> = {}): Promise<PageAnswer<P>> {
  const response = await page.request.get(path, { params: query })
  if (!response.ok()) throw new Error(`${path} answered ${response.status()}: ${await response.text()}`)
  return (await response.json()) as PageAnswer<P>
}

/** Who every page says is logged in in this page's browser session (null: nobody). */
export async function visitor(page: Page) {
  return (await pageData(page, '/api/pages/basic')).visitor
}

/** Django's CSRF token: the csrftoken cookie, asked of GET /api/auth/csrf when there is none (as the app does). */
export async function csrfToken(page: Page): Promise<string> {
  const cookie = async () => (await page.context().cookies()).find((c) => c.name === 'csrftoken')?.value
  const existing = await cookie()
  if (existing) return existing
  await page.request.get('/api/auth/csrf')
  return (await cookie()) ?? ''
}

/** A CSV upload of these lines (header first), as the certificate import takes it. */
export function csvFile(lines: string[]) {
  return { name: 'certificates.csv', mimeType: 'text/csv', buffer: Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf-8') }
}

/**
 * Staff import certificate records through the API (for pages that only need a record to
 * exist), then log out. `lines` are the CSV's lines, its header first.
 */
export async function importCertificatesViaApi(page: Page, lines: string[]) {
  await loginViaApi(page, staffAccount.phone, staffAccount.password)
  const response = await page.request.post('/api/certificates/import', {
    multipart: { file: csvFile(lines), dry_run: 'false' },
    headers: { 'X-CSRFToken': await csrfToken(page), Referer: page.url() },
  })
  if (response.status() !== 200) throw new Error(`import failed: ${response.status()} ${await response.text()}`)
  await page.context().clearCookies()
}

/**
 * Python run by manage.py on the run's database (scripts/e2e.sh exports E2E_UV and
 * DATABASE_URL): only for what a test run cannot wait for, such as time passing.
 */
export function onServerDatabase(code: string[]) {
  execFileSync(process.env.E2E_UV ?? 'uv', ['run', '--frozen', 'python', 'backend/manage.py', 'shell', '--no-imports', '-c', code.join('\n')], {
    cwd: fileURLToPath(new URL('../..', import.meta.url)),
    stdio: 'inherit',
  })
}

/**
 * A week passes for one enrolment's referral reward: its hold (REFERRAL_HOLD_DAYS) ends
 * today (the credit's payable_on is set to today).
 */
export function endRewardHold(enrolmentReference: string) {
  onServerDatabase([
    'from core.dates import india_today',
    'from referrals.models import RewardEntry',
    `RewardEntry.objects.filter(enrolment__reference=${JSON.stringify(enrolmentReference)}, kind="credit").update(payable_on=india_today())`,
  ])
}

/** The India date a week from now as the dashboard writes it: "3 December 2026". */
export function indiaDateInAWeek(): string {
  const date = new Date(Date.now() + 7 * 24 * 60 * 60 * 1000)
  return new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Kolkata', day: 'numeric', month: 'long', year: 'numeric' }).format(date)
}

/**
 * `count` friends enrol with the referrer's code and staff confirm each payment, and the
 * rewards' holds are over (through manage.py, as endRewardHold): the referrer has `count`
 * payable rewards and as many lines of reward history. `phone` is the referrer's, in E.164.
 */
export function payableReferrals(phone: string, count: number) {
  onServerDatabase([
    'from accounts.models import User',
    'from catalog.models import Course',
    'from core.dates import india_today',
    'from enrolments import services',
    'from referrals.models import RewardEntry',
    `referrer = User.objects.get(phone=${JSON.stringify(phone)})`,
    'course = Course.objects.filter(is_active=True, referral_reward__gt=0).order_by("order", "pk").first()',
    `for index in range(${count}):`,
    `    friend = f"9{int(referrer.phone[-8:]) * 7 % 10**8 + index:09d}"[-10:]`,
    '    enrolment = services.enrolment_create(course_slug=course.slug, name=f"Friend {index + 1}", phone=friend, email=f"friend{index}-{friend}@example.com", referral_code=referrer.referral_code, user=None)',
    '    services.enrolment_confirm_payment(enrolment_id=enrolment.pk, by=None)',
    'RewardEntry.objects.filter(user=referrer, kind="credit").update(payable_on=india_today())',
  ])
}

/** Select every row the admin list's search finds (expecting `count`) and run an admin action on them. */
export async function adminAction(page: Page, listUrl: string, search: string, action: string, count = 1) {
  await page.goto(`${listUrl}?q=${encodeURIComponent(search)}`)
  const rows = page.locator('#result_list input[name="_selected_action"]')
  await expect(rows).toHaveCount(count)
  for (const row of await rows.all()) await row.check()
  await page.locator('select[name="action"]').selectOption(action)
  // The admin theme's (django-unfold) button for the chosen action.
  await page.getByRole('button', { name: 'Run' }).click()
}

/**
 * The step of a bulk decision (it says what will happen to how many, then asks): its
 * button reads "<label>: <count> <records>", e.g. "Confirm payment: 1 enrolment".
 */
export async function confirmDecision(page: Page, label: string, count = 1) {
  await expect(page.getByTestId('decision-consequences')).toBeVisible()
  await page.getByRole('button', { name: new RegExp(`^${label}: ${count} `) }).click()
}

/** As onServerDatabase, and what the code printed last (one line of JSON), parsed. */
export function fromServerDatabase<T>(code: string[]): T {
  const out = execFileSync(process.env.E2E_UV ?? 'uv', ['run', '--frozen', 'python', 'backend/manage.py', 'shell', '--no-imports', '-c', code.join('\n')], {
    cwd: fileURLToPath(new URL('../..', import.meta.url)),
    encoding: 'utf8',
  })
  const last = out.trim().split('\n').at(-1) ?? 'null'
  return JSON.parse(last) as T
}

/**
 * A batch of the course at `route` for a journey (the office's setup, through manage.py:
 * a class cannot be made to start in a few minutes through the back office's schedule):
 * started yesterday (India), enrolment open a week, `seats` seats, a meeting link; one
 * class held an hour ago and one starting in 5 minutes (inside Join class's window). Any
 * earlier batch of the course is finished first, so the journey's batch is its only one.
 */
export function journeyBatch(route: string, { seats, link }: { seats: number; link: string }) {
  return fromServerDatabase<{ batch: number; held: number; next: number }>([
    'import json',
    'from datetime import timedelta',
    'from django.utils import timezone',
    'from catalog.models import Batch, Course',
    'from core.dates import india_today',
    'from teaching.models import LiveClass',
    `course = next(c for c in Course.objects.filter(is_active=True) if c.route == ${JSON.stringify(route)})`,
    'today = india_today()',
    'Batch.objects.filter(course=course, finished_at__isnull=True).update(finished_at=timezone.now())',
    `batch = Batch.objects.create(course=course, starts_on=today - timedelta(days=1), ends_on=today + timedelta(days=60), enrolment_closes_on=today + timedelta(days=7), seats=${seats}, meeting_link=${JSON.stringify(link)})`,
    'now = timezone.now()',
    'held = LiveClass.objects.create(batch=batch, starts_at=now - timedelta(hours=1), ends_at=now - timedelta(minutes=10))',
    'nxt = LiveClass.objects.create(batch=batch, starts_at=now + timedelta(minutes=5), ends_at=now + timedelta(minutes=65))',
    'print(json.dumps({"batch": batch.pk, "held": held.pk, "next": nxt.pk}))',
  ])
}

/** An account with a password and an email (made through manage.py), to log in with. */
export function accountOnServer({ phone, name, email, password }: { phone: string; name: string; email: string; password: string }) {
  onServerDatabase([
    'from accounts.models import User',
    `User.objects.create_user(${JSON.stringify(phone)}, ${JSON.stringify(name)}, ${JSON.stringify(password)}, email=${JSON.stringify(email)})`,
  ])
}
