import { expect, test, type Locator, type Page } from '@playwright/test'

import { packageSlugs } from './support'

/** The seeded figures (docs/product.md §2), as a visitor reads them. */
const courses = [
  { path: '/Web-Development-registration', name: 'Web Development (MERN stack)', list: '₹2,499', offer: '₹999', timing: '9:00 PM - 11:00 PM', doubt: 'Sunday', reward: '₹150' },
  { path: '/Android-Development-registration', name: 'Android with Java', list: '₹3,499', offer: null, timing: '9:00 PM - 11:00 PM', doubt: 'Sunday', reward: '₹200' },
  { path: '/java-registration', name: 'Java', list: '₹2,499', offer: '₹499', timing: '9:00 PM - 11:00 PM', doubt: 'Sunday', reward: '₹100' },
  { path: '/python-registration', name: 'Python (Basic Python)', list: '₹4,499', offer: null, timing: '5:00 PM - 7:00 PM', doubt: 'Saturday', reward: '₹300' },
] as const

const packagePrices: Record<(typeof packageSlugs)[number], string> = {
  'web-project': '$50',
  'full-stack-web-project': '$100',
  'e-commerce-project': '$170',
  'iot-project': '$30',
  'ios-app-project': '$500',
  'android-app-project': '$300',
}

const closedDomains = ['UI/UX Design', 'Python', 'Machine Learning', 'Artificial Intelligence', 'Java']

/** The description list under `scope` as { term: definition }. */
async function definitions(scope: Locator): Promise<Record<string, string>> {
  await expect(scope.locator('dl > div').first()).toBeVisible()
  await expect(scope.getByText('Loading…')).toHaveCount(0)
  return scope.locator('dl > div').evaluateAll((rows) =>
    Object.fromEntries(rows.map((row) => [row.querySelector('dt')?.textContent ?? '', row.querySelector('dd')?.textContent ?? ''])),
  )
}

async function expectDisabledWithReason(page: Page, button: Locator, reason: string) {
  await expect(button).toHaveAttribute('aria-disabled', 'true')
  await expect(button).toHaveAccessibleDescription(reason)
  // Playwright treats aria-disabled like disabled and would wait for it to turn enabled.
  const url = page.url()
  await button.click({ force: true })
  expect(page.url()).toBe(url)
}

for (const course of courses) {
  test(`${course.path} shows the course's figures`, async ({ page }) => {
    await page.goto(course.path)
    await expect(page.getByRole('heading', { level: 1, name: course.name, exact: true })).toBeVisible()
    const details = page.getByRole('region', { name: 'Course details' })
    const rows = await definitions(details)
    expect(rows).toMatchObject({
      Duration: '3 Months',
      Timing: course.timing,
      Days: 'Mon/Wed/Fri',
      'Doubt session': course.doubt,
      Mode: 'Online',
      Certificate: 'Yes',
    })
    if (course.offer) {
      await expect(details.locator('s')).toHaveText(course.list)
      expect(rows.Fee).toContain(`Was ${course.list}, now ${course.offer}`)
    } else {
      expect(rows.Fee).toBe(course.list)
      await expect(details.locator('s')).toHaveCount(0)
    }
    await expect(details.getByRole('link', { name: `Refer a friend and earn ${course.reward}` })).toHaveAttribute('href', '/referearn')
    await details.getByRole('link', { name: 'Ask about this course' }).click()
    await expect(page).toHaveURL(/\/getquote\?subject=Question\+about\+/)
  })
}

test('/courses links the four courses and the bootcamp', async ({ page }) => {
  await page.goto('/courses')
  for (const course of courses) {
    await expect(page.getByRole('link', { name: `View course: ${course.name}` })).toHaveAttribute('href', course.path)
  }
  await expect(page.getByRole('region', { name: /our courses/i }).getByRole('article')).toHaveCount(4)
  await page.getByRole('link', { name: /see the bootcamp/i }).click()
  await expect(page).toHaveURL(/\/java\+android_bootcamp$/)
  await expect(page.getByRole('heading', { level: 1, name: /java \+ android bootcamp/i })).toBeVisible()
})

test('/java+android_bootcamp costs ₹199 for a month and offers Enrol as its one payment route', async ({ page }) => {
  await page.goto('/java+android_bootcamp')
  const details = page.getByRole('region', { name: 'Bootcamp details' })
  expect(await definitions(details)).toMatchObject({ Duration: '1 Month', Fee: '₹199' })
  await expect(details.getByRole('link', { name: /enrol now/i })).toHaveAttribute('href', '#enrol')
  await expect(page.locator('section#enrol')).toBeAttached()
  await expect(page.locator('a[href="/payment"]')).toHaveCount(0)
  await expect(page.getByRole('link', { name: /pay ₹199/i })).toHaveCount(0)
})

test('/projects shows the six packages with their prices and Get Quote links', async ({ page }) => {
  await page.goto('/projects')
  for (const slug of packageSlugs) {
    const quote = page.locator(`a[href="/getquote?package=${slug}"]`)
    await expect(quote).toHaveAccessibleName(/^Get Quote: /)
    await expect(page.locator('article').filter({ has: quote })).toContainText(packagePrices[slug])
  }
  await page.locator('a[href="/getquote?package=ios-app-project"]').click()
  await expect(page).toHaveURL(/\/getquote\?package=ios-app-project$/)
  await expect(page.getByRole('combobox', { name: /^package/i })).toHaveValue('ios-app-project')
})

test('/internship disables the domains that are not open, with the reason', async ({ page }) => {
  await page.goto('/internship')
  await expect(page.getByRole('link', { name: /^Apply Now: / })).toHaveCount(3)
  for (const title of closedDomains) {
    const card = page.locator('article').filter({ has: page.getByRole('heading', { name: title, exact: true }) })
    await expect(card).toContainText('Applications are not open yet.')
    await expectDisabledWithReason(page, card.getByRole('button', { name: 'Apply Now' }), 'Applications are not open yet.')
  }
  await expect(page.getByRole('link', { name: 'Apply Now: Web Development internship' })).toHaveAttribute(
    'href',
    '/internship/apply/web-development',
  )
  // A visitor logs in first, and comes back to the form after (internship.spec.ts follows it through).
  await page.getByRole('link', { name: 'Apply Now: Web Development internship' }).click()
  await expect(page).toHaveURL(/\/login\?next=%2Finternship%2Fapply%2Fweb-development$/)
})

test('/events shows past events with Register disabled and links to their pages', async ({ page }) => {
  await page.goto('/events')
  const past = page.getByRole('region', { name: 'Past events' })
  for (const title of ['Web Development Hackathon', 'BGMI Tournaments']) {
    const card = past.locator('article').filter({ has: page.getByRole('heading', { name: title }) })
    await expect(card).toContainText('This event has ended.')
    await expectDisabledWithReason(page, card.getByRole('button', { name: 'Register Now' }), 'This event has ended.')
  }
  await expect(past.getByText('26–27 Mar 2024')).toBeVisible()
  await past.getByRole('link', { name: /see the tournaments/i }).click()
  await expect(page).toHaveURL(/\/BGMI-Events$/)
})

test('/BGMI-Events lists the three tournaments of 10 Oct 2023', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto('/BGMI-Events')
  const rows = page.getByRole('table').locator('tbody tr')
  await expect(rows).toHaveCount(3)
  const cells = await rows.evaluateAll((trs) => trs.map((tr) => [...tr.children].map((cell) => cell.textContent)))
  expect(cells).toEqual([
    ['BGMI Squad Match 1', '10 Oct 2023', '₹20 per team', '₹30', 'Ended'],
    ['BGMI Squad Match 2', '10 Oct 2023', '₹20 per team', '₹30', 'Ended'],
    ['BGMI Championship', '10 Oct 2023', '₹50 per team', '₹500 (1st) / ₹300 (2nd)', 'Ended'],
  ])
})

test('/hackathon shows 26–27 March 2024 and the ₹99 registration, now closed', async ({ page }) => {
  await page.goto('/hackathon')
  const facts = page.getByRole('region', { name: 'At a glance' })
  expect(await definitions(facts)).toMatchObject({ Date: '26–27 Mar 2024', Fee: '₹99 registration' })
  await expectDisabledWithReason(page, facts.getByRole('button', { name: 'Register Now' }), 'This event has ended.')
})

test('/training-and-internship lists the programme', async ({ page }) => {
  await page.goto('/training-and-internship')
  for (const title of ['Live Projects', 'Summer Internship', 'Industrial Project Completion Certificate', 'Internship Completion Certificate', 'Job Opportunities']) {
    await expect(page.getByRole('table').getByRole('rowheader', { name: title })).toBeVisible()
  }
})

for (const [path, title] of [
  ['/t&c', 'Terms and Conditions'],
  ['/privacy-policy', 'Privacy Policy'],
  ['/refund-and-cancellation-policy', 'Refund and Cancellation Policy'],
] as const) {
  test(`${path} shows its policy, last-updated date and contents`, async ({ page }) => {
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
    await expect(page.locator('time')).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}$/)
    const contents = page.getByRole('navigation', { name: 'On this page' })
    const first = contents.getByRole('link').first()
    const id = (await first.getAttribute('href'))?.slice(1) ?? ''
    await first.click()
    await expect(page.locator(`[id="${id}"]`)).toBeInViewport()
  })
}

test('/t&c carries the project terms rates', async ({ page }) => {
  await page.goto('/t&c')
  await expect(page.getByRole('heading', { level: 2, name: 'Project terms' })).toBeVisible()
  await expect(page.getByText(/Rs\. 2,000 per hour/)).toBeVisible()
  await expect(page.getByText(/Rs\. 500 per hour/)).toBeVisible()
})

test('/privacy-policy was last updated on 1 April 2023', async ({ page }) => {
  await page.goto('/privacy-policy')
  await expect(page.getByText('Last updated 1 April 2023')).toBeVisible()
})

test('/about and /portfolio show their content', async ({ page }) => {
  await page.goto('/about')
  await expect(page.getByRole('heading', { level: 2, name: 'Who we are' })).toBeVisible()
  await page.goto('/portfolio')
  await expect(page.getByRole('list').filter({ has: page.getByRole('article') }).getByRole('article').first()).toBeVisible()
})

test('the home page figures come from the catalogue', async ({ page }) => {
  await page.goto('/')
  const figures = page.getByRole('region', { name: 'At a glance' })
  expect(await definitions(figures)).toEqual({
    'Live online courses': '4',
    'Course fees from': '₹499',
    'Project packages': '6',
    'Internship domains open': '3',
  })
})
