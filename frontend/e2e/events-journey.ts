import { expect, type Browser, type Page } from '@playwright/test'

import { loginViaApi, runTag, sidewaysOverflow, staffAccount, viewports } from './support'

/*
 * The events journey (docs/product.md section 21, issue 44), the same with JavaScript on
 * (events.spec.ts) and off (events.nojs.spec.ts) in the visitor's browser: staff add a team tournament with a fee in
 * the back office, a team registers on its page and pays by UPI with a UTR, staff confirm
 * the payment, check the team in at the door (today's check-in list), give it the 1st
 * place and publish the results, and a member's "Winner - 1st place" certificate verifies
 * at /verify/<ID>. Screenshots at 360 and 1280 px go to SHOTS (when set).
 */

/** Today's date in India, as the back office's date fields take it (YYYY-MM-DD). */
function indiaToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date())
}

let issued = 0
function fresh(seed: number): string {
  issued += 1
  return String((Date.now() * seed + issued * 104_729) % 100_000_000).padStart(8, '0')
}

export async function shoot(page: Page, name: string) {
  const dir = process.env.SHOTS
  if (!dir) return
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 })
    await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true })
  }
  await page.setViewportSize(viewports.desktop)
}

async function save(page: Page) {
  await page.locator('button[name="_save"]').first().click()
}

/** Staff add a BGMI-style squad tournament, today, ₹50 per team, teams of 2 to 3, with its own page. */
async function addTournament(staff: Page, title: string, path: string): Promise<string> {
  await staff.goto('/admin/catalog/event/add/')
  await staff.locator('[name="title"]').fill(title)
  await staff.locator('[name="slug"]').fill(path.slice(1))
  await staff.locator('[name="kind"]').selectOption('gaming')
  await staff.locator('[name="summary"]').fill('Squads of two or three, one match, prizes for the top three.')
  await staff.locator('[name="starts_on"]').fill(indiaToday())
  await staff.locator('[name="fee"]').fill('50')
  await staff.locator('[name="registration_open"]').check()
  await staff.locator('[name="capacity"]').fill('20')
  await staff.locator('[name="team_event"]').check()
  await staff.locator('[name="team_min"]').fill('2')
  await staff.locator('[name="team_max"]').fill('3')
  await staff.locator('[name="fee_per"]').selectOption('team')
  await staff.locator('[name="route"]').fill(path)
  await save(staff)
  await expect(staff.getByText(/was added successfully/).first()).toBeVisible()
  await staff.goto(`/admin/catalog/event/?q=${encodeURIComponent(title)}`)
  const link = staff.locator('#result_list a', { hasText: title }).first()
  const href = (await link.getAttribute('href')) ?? ''
  return /\/(\d+)\/change\//.exec(href)?.[1] ?? ''
}

export async function eventsJourney(page: Page, browser: Browser) {
  const tag = runTag()
  const title = `E2E Squad Cup ${tag}`
  const path = `/e2e-squad-cup-${tag}`
  const captain = `94${fresh(13)}`
  const utr = `7${fresh(19)}${String(issued).padStart(3, '0')}`

  // The back office (django-unfold) is staff's, JavaScript on; the visitor's browser is the one tested both ways.
  const staffContext = await browser.newContext({ javaScriptEnabled: true })
  const staff = await staffContext.newPage()
  await loginViaApi(staff, staffAccount.phone, staffAccount.password)
  const eventId = await addTournament(staff, title, path)
  expect(eventId).not.toBe('')

  // The team registers on the tournament's page: a refusal first, at its fields.
  await page.goto(path)
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
  await page.getByRole('link', { name: `Register Now: ${title}` }).click()
  const form = page.getByTestId('registration-form')
  await form.getByLabel(/^Captain’s name/).fill('Asha Captain')
  await form.getByLabel(/^Captain’s phone/).fill(captain)
  await form.getByLabel(/^Captain’s email/).fill(`captain-${tag}@example.com`)
  await form.getByRole('button', { name: 'Register' }).click()
  await expect(form.getByText("Enter your team's name.")).toBeVisible()
  await expect(form.getByRole('alert').filter({ hasText: 'A team has 2 to 3 players, the captain included.' })).toBeVisible()
  await expect(form.getByLabel(/^Captain’s name/)).toHaveValue('Asha Captain')
  await shoot(page, 'event-register-errors')

  await form.getByLabel(/^Team name/).fill('Night Owls')
  await page.locator('input[name="game_id"]').fill('OWL-CAPTAIN')
  await page.locator('input[name="member_2_name"]').fill('Ravi Second')
  await page.locator('input[name="member_2_game_id"]').fill('OWL-RAVI')
  await form.getByRole('button', { name: 'Register' }).click()

  // The payment step, as an enrolment's: the UPI link with the registration's reference, then the UTR.
  await expect(page.getByRole('heading', { level: 2, name: 'Pay ₹50 to confirm your place' })).toBeVisible()
  const reference = (await page.locator('dd.font-mono').first().textContent())?.trim() ?? ''
  expect(reference).toMatch(/^REG-/)
  const pay = page.getByRole('link', { name: /^Pay ₹50/ })
  await expect(pay).toHaveAttribute('href', new RegExp(`tr=${reference}`))
  await shoot(page, 'event-payment-step')
  expect(await sidewaysOverflow(page)).toEqual([])
  await page.getByLabel('UPI transaction reference (UTR)').fill(utr)
  await page.getByRole('button', { name: /Send|Submit/ }).first().click()
  await expect(page.getByText(utr).first()).toBeVisible()

  // Staff confirm the payment, from the registration's page.
  await staff.goto(`/admin/events/registration/?q=${reference}`)
  await expect(staff.locator('#result_list')).toContainText('Night Owls')
  await expect(staff.locator('#result_list')).toContainText('Payment submitted')
  await staff.locator('#result_list a', { hasText: reference }).first().click()
  await staff.getByRole('link', { name: 'Confirm payment' }).click()
  await expect(staff.getByTestId('decision-summary')).toContainText(utr)
  await staff.getByRole('button', { name: 'Confirm payment' }).click()
  await expect(staff.getByText(`Payment of ${reference} confirmed.`)).toBeVisible()

  // At the door: today's check-in list, one large button per team.
  await staff.goto('/admin/events/registration/?day=today')
  const row = staff.locator('#result_list tr', { hasText: reference })
  await expect(row).toContainText('Confirmed')
  const button = row.getByTestId('check-in')
  const box = await button.boundingBox()
  expect(box?.height ?? 0).toBeGreaterThanOrEqual(44)
  await staff.setViewportSize(viewports.mobile)
  await shoot(staff, 'event-check-in-list')
  await button.click()
  await expect(staff.getByText(`Night Owls (${reference}) checked in.`)).toBeVisible()
  await expect(staff.locator('#result_list tr', { hasText: reference })).toContainText('Checked in')

  // The 1st place, then "Publish results": who gets which certificate first.
  await staff.goto(`/admin/events/registration/?q=${reference}`)
  await staff.locator('#result_list a', { hasText: reference }).first().click()
  await staff.locator('select[name="rank"]').selectOption('1')
  await save(staff)
  await staff.goto(`/admin/catalog/event/${eventId}/change/`)
  await staff.getByRole('link', { name: 'Publish results' }).click()
  const step = staff.getByTestId('will-get')
  await expect(step).toContainText('Asha Captain (Night Owls): Winner - 1st place')
  await expect(step).toContainText('Ravi Second (Night Owls): Winner - 1st place')
  await shoot(staff, 'event-publish-results')
  await staff.getByRole('button', { name: 'Publish results' }).click()
  const done = staff.getByText(/Results of .* published: 2 certificates issued/)
  await expect(done).toBeVisible()
  const ids = /\((EVT-[A-Z0-9-]+), (EVT-[A-Z0-9-]+)\)/.exec((await done.textContent()) ?? '')
  const certificateId = ids?.[2] ?? ''
  expect(certificateId).not.toBe('')

  // The results on the event's page, and the member's certificate verifies.
  await page.goto(path)
  const results = page.getByTestId('event-results')
  await expect(results).toContainText('1st')
  await expect(results).toContainText('Night Owls')
  await shoot(page, 'event-results')
  await page.goto(`/verify/${certificateId}`)
  await expect(page.getByText('Winner - 1st place').first()).toBeVisible()
  await expect(page.getByText('Ravi Second').first()).toBeVisible()
  await shoot(page, 'event-certificate')
  await staffContext.close()
}
