import { expect, test, type Browser, type Locator, type Page } from '@playwright/test'

import { expectNoAxeViolations } from './axe'
import { confirmSignupCode } from './sms'
import { adminAction, confirmDecision, loginViaApi, staffAccount, journeyViewports, viewports } from './support'

/*
 * The internship programme from a fresh database (issue 19): a visitor signs up and applies
 * for Web Development; staff accept the application onto the 10th batch's board in the
 * admin; the intern submits every task that is open today, staff unlock the rest early
 * (Placements), the intern submits those too; staff request changes on one and approve it
 * after the resubmission, and approve the rest; the completion certificate then appears on
 * the dashboard, verifies at /verify/<ID> with the intern's name and domain, and the board's
 * Generate Certificate leads there; the emails are in the queue. Which tasks are open
 * depends on today's date in India, so the spec reads the server's board instead of
 * assuming a date. Every new page passes axe at 360 and 1280 px and is photographed.
 */

const PASSWORD = 'internship-journey-42'
const BOARD = 'tasks-10'
const base = (Date.now() * 11) % 100_000_000
let issued = 0

const STATEMENT =
  'I have built two small React sites for my college fest and want to learn how a real team reviews, tests and ships web work.'

type BoardTask = { number: number; unlocked: boolean }
type PlacementTask = { number: number; unlocked: boolean; state: string; file_url: string | null }
type Board = { tasks: BoardTask[]; placement: { certificate_id: string | null; tasks: PlacementTask[] } | null }

function freshPhone(): string {
  issued += 1
  return `96${String((base + issued * 104_729) % 100_000_000).padStart(8, '0')}`
}

/** axe, and a full-page screenshot to look at (test-results/screenshots/internship-*.png). */
async function check(page: Page, name: string, width: number) {
  await expectNoAxeViolations(page)
  await page.screenshot({ path: `test-results/screenshots/internship-${name}-${width}.png`, fullPage: true })
}

async function staffPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: viewports.desktop })
  const page = await context.newPage()
  await loginViaApi(page, staffAccount.phone, staffAccount.password)
  return page
}

async function board(page: Page): Promise<Board> {
  const response = await page.request.get(`/api/internships/boards/${BOARD}`)
  expect(response.status()).toBe(200)
  return (await response.json()) as Board
}

function taskCard(page: Page, number: number): Locator {
  return page.getByTestId(`task-${number}`)
}

/** The intern sends their work on one open task from the board's form. */
async function submitTask(page: Page, number: number, withFile: boolean) {
  const card = taskCard(page, number)
  const form = card.getByRole('form')
  await form.getByLabel(/^Link to your work/).fill(`https://github.com/intern/task-${number}`)
  await form.getByLabel(/^Note/).fill(`Task ${number}: done, with a README.`)
  if (withFile) {
    await form.getByLabel(/^File/).setInputFiles({
      name: `task-${number}.pdf`,
      mimeType: 'application/pdf',
      buffer: Buffer.from(`%PDF-1.4\n% task ${number}\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n`),
    })
  }
  await form.getByRole('button', { name: /^(Submit Task|Send a new version)$/ }).click()
  await expect(card.getByText('Your work is waiting for review.')).toBeVisible()
  await expect(card.getByText('Submitted, waiting for review')).toBeVisible()
}

for (const [width, viewport] of Object.entries(journeyViewports)) {
  test.describe(`internship journey at ${viewport.width} px`, () => {
    test.use({ viewport })

    test(`apply, get accepted, submit every task, get the certificate (${width})`, async ({ page, browser }) => {
      test.setTimeout(240_000)
      const phone = freshPhone()
      const name = `Intern ${width} ${phone.slice(-4)}`
      const email = `intern-${phone}@example.com`

      // Apply Now on an open domain asks a visitor to log in first; they have no account, so
      // they create one (with an email, for the programme's emails) and the code signs them
      // in and brings them back to the form.
      await page.goto('/internship')
      await page.getByRole('link', { name: 'Apply Now: Web Development internship' }).click()
      await expect(page).toHaveURL(/\/login\?next=%2Finternship%2Fapply%2Fweb-development$/)
      await page.getByRole('link', { name: 'Create an account' }).click()
      await page.getByLabel('Name').fill(name)
      await page.getByLabel('Phone number').fill(phone)
      await page.getByLabel(/^Email/).fill(email)
      await page.getByLabel(/^Password/).fill(PASSWORD)
      await page.getByRole('button', { name: 'Sign up' }).click()
      await confirmSignupCode(page, phone)
      await expect(page).toHaveURL(/\/internship\/apply\/web-development$/)
      await expect(page.getByRole('heading', { level: 1, name: 'Web Development internship' })).toBeVisible()
      await check(page, 'apply-form', viewport.width)

      // No batch chosen: asked for at once. Then a short statement and a link that is not
      // https are refused by the server, next to their fields, the first one focused.
      await page.getByLabel(/^College or organisation/).fill('Government Engineering College')
      await page.getByLabel(/^Year of study or graduation/).fill('3rd year B.Tech')
      await page.getByLabel(/^Profile link/).fill('ftp://github.com/intern')
      await page.getByLabel(/^Why do you want this internship/).fill('Too short.')
      await page.getByRole('button', { name: 'Send application' }).click()
      await expect(page.getByRole('group', { name: /Preferred batch/ })).toHaveAccessibleDescription(/Choose a batch\./)
      await page.getByRole('radio', { name: '10th of the month' }).check()
      await page.getByRole('button', { name: 'Send application' }).click()
      await expect(page.getByLabel(/^Profile link/)).toHaveAccessibleDescription(/Enter a link that starts with https:\/\//)
      await expect(page.getByLabel(/^Profile link/)).toBeFocused()
      await expect(page.getByLabel(/^Why do you want this internship/)).toHaveAccessibleDescription(/Write between 50 and 2,000 characters/)
      await check(page, 'apply-errors', viewport.width)

      await page.getByLabel(/^Profile link/).fill('https://github.com/intern')
      await page.getByLabel(/^Why do you want this internship/).fill(STATEMENT)
      await expect(page.getByText(`${STATEMENT.length} characters`)).toBeVisible()
      await page.getByRole('radio', { name: '10th of the month' }).check()
      await page.getByRole('button', { name: 'Send application' }).click()
      await expect(page.getByText('Application received')).toBeVisible()
      await check(page, 'apply-received', viewport.width)

      // The dashboard's "My internship" shows it, waiting for review.
      await page.getByRole('link', { name: 'Go to your dashboard' }).click()
      const mine = page.getByRole('region', { name: 'My internship' })
      await expect(mine.getByRole('heading', { name: 'Web Development' })).toBeVisible()
      await expect(mine.getByText('Submitted, waiting for review')).toBeVisible()

      // A second application for the same domain shows the first one instead of the form.
      await page.goto('/internship/apply/web-development')
      await expect(page.getByRole('heading', { name: 'You have applied for this internship' })).toBeVisible()
      await expect(page.getByRole('button', { name: 'Send application' })).toHaveCount(0)

      // Staff accept it onto the 10th batch's board (the batch's board is the default).
      const staff = await staffPage(browser)
      await adminAction(staff, '/admin/internships/internshipapplication/', name, 'accept')
      await expect(staff.getByRole('combobox', { name: 'Board' })).toBeVisible()
      await confirmDecision(staff, 'Accept')
      await expect(staff.getByText('1 application accepted.')).toBeVisible()

      // The intern's dashboard leads to the board.
      await page.goto('/dashboard')
      await expect(mine.getByText('Accepted')).toBeVisible()
      await check(page, 'dashboard-accepted', viewport.width)
      await mine.getByRole('link', { name: /Go to your task board/ }).click()
      await expect(page).toHaveURL(new RegExp(`/${BOARD}$`))

      // Every task open today gets the intern's work (the first one with a PDF).
      const today = await board(page)
      expect(today.placement).not.toBeNull()
      const open = today.placement!.tasks.filter((task) => task.unlocked).map((task) => task.number)
      const locked = today.placement!.tasks.filter((task) => !task.unlocked).map((task) => task.number)
      for (const number of locked) await expect(taskCard(page, number)).toHaveAttribute('data-state', 'locked')
      await check(page, 'board-intern', viewport.width)
      for (const number of open) await submitTask(page, number, number === open[0])

      // The file is the intern's to download (and staff's), never a visitor's.
      const sent = await board(page)
      const fileUrl = sent.placement!.tasks.find((task) => task.file_url)?.file_url
      if (fileUrl) {
        const download = await page.request.get(fileUrl)
        expect(download.status()).toBe(200)
        expect(download.headers()['content-disposition']).toMatch(/^attachment/)
        expect((await download.body()).subarray(0, 5).toString()).toBe('%PDF-')
        const stranger = await browser.newContext()
        expect((await stranger.request.get(new URL(fileUrl, page.url()).toString())).status()).toBe(401)
        await stranger.close()
      }

      // Staff unlock the rest early, one by one (Placements: "Unlock next task early").
      for (let run = 0; run < locked.length; run += 1) {
        await adminAction(staff, '/admin/internships/placement/', name, 'unlock_next_task')
        await confirmDecision(staff, 'Unlock next task early')
        await expect(staff.getByText('1 intern given their next task early.')).toBeVisible()
      }
      await page.reload()
      for (const number of locked) {
        await expect(taskCard(page, number)).toHaveAttribute('data-state', 'unlocked')
        await submitTask(page, number, false)
      }

      // Staff ask for changes on task 1, with feedback.
      const feedback = 'Please add form validation for the email field.'
      await staff.goto(`/admin/internships/tasksubmission/?q=${encodeURIComponent(name)}`)
      await staff.locator('#result_list tbody tr').filter({ hasText: 'Task 1' }).locator('input[name="_selected_action"]').check()
      await staff.locator('select[name="action"]').selectOption('request_changes')
      await staff.getByRole('button', { name: 'Run' }).click()
      await staff.getByLabel(/feedback/i).fill(feedback)
      await confirmDecision(staff, 'Request changes')
      await expect(staff.getByText('1 submission sent back with feedback.')).toBeVisible()

      // The intern sees the feedback and sends a new version.
      await page.reload()
      const first = taskCard(page, 1)
      await expect(first.getByText('Changes requested')).toBeVisible()
      await expect(first.getByText(feedback)).toBeVisible()
      await check(page, 'board-changes-requested', viewport.width)
      await submitTask(page, 1, true)

      // Staff approve all four (bulk): the certificate is issued by itself.
      await adminAction(staff, '/admin/internships/tasksubmission/', name, 'approve', 4)
      await expect(staff.getByText('1 certificate will be issued')).toBeVisible()
      await confirmDecision(staff, 'Approve', 4)
      await expect(staff.getByText('4 submissions approved.')).toBeVisible()

      // The board: every task approved, no forms, Generate Certificate leads to /verify/<ID>.
      await page.reload()
      for (const number of [1, 2, 3, 4]) await expect(taskCard(page, number).getByText('Approved')).toBeVisible()
      await expect(page.getByRole('form')).toHaveCount(0)
      const generate = page.getByRole('link', { name: 'Generate Certificate' })
      await expect(generate).toHaveAttribute('href', /^\/verify\/[^/]+$/)
      const verifyPath = (await generate.getAttribute('href')) ?? ''
      const certificateId = decodeURIComponent(verifyPath.split('/').pop() ?? '')
      await check(page, 'board-completed', viewport.width)

      // The dashboard lists the certificate by its ID, linked to its verify page.
      await page.goto('/dashboard')
      const certificateLink = mine.getByRole('link', { name: certificateId })
      await expect(certificateLink).toHaveAttribute('href', verifyPath)
      await check(page, 'dashboard-certificate', viewport.width)
      await certificateLink.click()
      await expect(page).toHaveURL(new RegExp(`${verifyPath}$`))
      await expect(page.getByText('Verified', { exact: true }).first()).toBeVisible()
      await expect(page.getByText(name).first()).toBeVisible()
      await expect(page.getByText('Web Development').first()).toBeVisible()

      // The emails are in the queue: accepted, changes requested, approved, certificate.
      await staff.goto(`/admin/post_office/email/?q=${encodeURIComponent(email)}`)
      const emails = staff.locator('#result_list tbody tr')
      await expect.poll(async () => emails.count()).toBeGreaterThanOrEqual(4)

      await staff.context().close()
    })
  })
}

for (const [width, viewport] of Object.entries(journeyViewports)) {
  test.describe(`closed and unknown domains at ${viewport.width} px`, () => {
    test.use({ viewport })
    test(`a closed domain says so, with the way back (${width})`, async ({ page }) => {
      const phone = freshPhone()
      await page.goto('/signup')
      await page.getByLabel('Name').fill(`Closed ${width}`)
      await page.getByLabel('Phone number').fill(phone)
      await page.getByLabel(/^Password/).fill(PASSWORD)
      await page.getByRole('button', { name: 'Sign up' }).click()
      await confirmSignupCode(page, phone)
      await expect(page).toHaveURL(/\/dashboard$/)
      await page.goto('/internship/apply/python')
      await expect(page).toHaveURL(/\/internship\/apply\/python$/)
      await expect(page.getByText('Applications for Python are closed')).toBeVisible()
      await expect(page.getByRole('button', { name: 'Send application' })).toHaveCount(0)
      await check(page, 'apply-closed', viewport.width)

      const unknown = await page.goto('/internship/apply/no-such-domain')
      expect(unknown?.status()).toBe(404)
      await expect(page.getByRole('heading', { level: 1, name: /couldn’t find that page/i })).toBeVisible()
    })
  })
}
