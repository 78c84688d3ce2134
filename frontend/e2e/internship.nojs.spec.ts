import { expect, test, type Browser, type Page } from '@playwright/test'

import { confirmSignupCode } from './sms'
import { adminAction, confirmDecision, loginViaApi, staffAccount } from './support'

/*
 * The internship forms with JavaScript switched off (the no-javascript project): the
 * application (the server's field errors, then "Application received") and a task
 * submission with a file (the server's field error, then the task waiting for review).
 * Staff accept the application in a browser of their own, with JavaScript.
 */

const PASSWORD = 'internship-nojs-42'
const BOARD = 'tasks-20'
const base = (Date.now() * 13) % 100_000_000
let issued = 0

type Board = { placement: { tasks: Array<{ number: number; unlocked: boolean; state: string }> } | null }

function freshPhone(): string {
  issued += 1
  return `95${String((base + issued * 104_729) % 100_000_000).padStart(8, '0')}`
}

async function signUp(page: Page, name: string, phone: string) {
  await page.goto('/signup')
  await page.getByLabel('Name').fill(name)
  await page.getByLabel('Phone number').fill(phone)
  await page.getByLabel(/^Email/).fill(`nojs-${phone}@example.com`)
  await page.getByLabel(/^Password/).fill(PASSWORD)
  await page.getByRole('button', { name: 'Sign up' }).click()
  await confirmSignupCode(page, phone)
  // Signed up is logged in; the test logs in again through the form, as interns do.
  await expect(page).toHaveURL(/\/dashboard$/)
  await page.context().clearCookies()
}

async function staffPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: true })
  const page = await context.newPage()
  await loginViaApi(page, staffAccount.phone, staffAccount.password)
  return page
}

test('apply and submit a task without JavaScript', async ({ page, browser }) => {
  test.setTimeout(120_000)
  const phone = freshPhone()
  const name = `No Script ${phone.slice(-4)}`
  await signUp(page, name, phone)

  // Log in, and back to the application form.
  await page.goto('/login?next=%2Finternship%2Fapply%2Fandroid-development')
  await page.getByLabel('Phone number').fill(phone)
  await page.getByLabel(/^Password/).fill(PASSWORD)
  await page.getByRole('button', { name: 'Log in' }).click()
  await expect(page).toHaveURL(/\/internship\/apply\/android-development$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Android Development internship' })).toBeVisible()
  // No live counter without scripts: the hint says the rule.
  await expect(page.getByText(/^[\d,]+ characters?$/)).toHaveCount(0)

  // The server's field errors, next to the fields, with what was typed kept.
  await page.getByLabel(/^College or organisation/).fill('City College')
  await page.getByLabel(/^Profile link/).fill('ftp://example.com/me')
  await page.getByLabel(/^Why do you want this internship/).fill('Too short.')
  await page.getByRole('button', { name: 'Send application' }).click()
  await expect(page.getByLabel(/^Year of study or graduation/)).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByLabel(/^Profile link/)).toHaveAccessibleDescription(/Enter a link that starts with https:\/\//)
  await expect(page.getByLabel(/^Why do you want this internship/)).toHaveAccessibleDescription(/Write between 50 and 2,000 characters/)
  await expect(page.getByRole('group', { name: /Preferred batch/ })).toHaveAccessibleDescription(/Choose a batch\./)
  await expect(page.getByLabel(/^College or organisation/)).toHaveValue('City College')

  await page.getByLabel(/^Year of study or graduation/).fill('Graduated 2025')
  await page.getByLabel(/^Profile link/).fill('https://example.com/me')
  await page
    .getByLabel(/^Why do you want this internship/)
    .fill('I build Android apps in Java at college and want to ship one with a real team reviewing my work.')
  await page.getByRole('radio', { name: '20th of the month' }).check()
  await page.getByRole('button', { name: 'Send application' }).click()
  await expect(page.getByText('Application received')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute('href', '/dashboard')

  // Staff accept it onto the 20th batch's board; make sure one task is open for the intern.
  const staff = await staffPage(browser)
  await adminAction(staff, '/admin/internships/internshipapplication/', name, 'accept')
  await confirmDecision(staff, 'Accept')
  await expect(staff.getByText('1 application accepted.')).toBeVisible()
  const before = (await (await page.request.get(`/api/internships/boards/${BOARD}`)).json()) as Board
  let number = before.placement?.tasks.find((task) => task.unlocked)?.number
  if (number === undefined) {
    await adminAction(staff, '/admin/internships/placement/', name, 'unlock_next_task')
    await confirmDecision(staff, 'Unlock next task early')
    number = 1
  }
  await staff.context().close()

  // The submission form: a link of another scheme (ftp://; http:// is taken as https://) is refused by the server, then it goes.
  await page.goto(`/${BOARD}`)
  const card = page.getByTestId(`task-${number}`)
  const form = card.getByRole('form')
  await form.getByLabel(/^Link to your work/).fill('ftp://github.com/no-script')
  await form.getByRole('button', { name: 'Submit Task' }).click()
  await expect(page.getByTestId(`task-${number}`).getByLabel(/^Link to your work/)).toHaveAccessibleDescription(
    /Enter a link that starts with https:\/\//,
  )
  // The answer opens at the task's card (its anchor), not at the top of the board.
  await expect(page).toHaveURL(new RegExp(`/${BOARD}#task-${number}$`))
  await expect(page.getByTestId(`task-${number}`).getByLabel(/^Link to your work/)).toBeInViewport()

  const again = page.getByTestId(`task-${number}`).getByRole('form')
  await again.getByLabel(/^Link to your work/).fill('https://github.com/no-script/app')
  await again.getByLabel(/^Note/).fill('Built without scripts.')
  await again.getByLabel(/^File/).setInputFiles({
    name: 'app.zip',
    mimeType: 'application/zip',
    // An empty ZIP archive: its end-of-central-directory record, after the local header magic.
    buffer: Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(26), Buffer.from('PK\u0005\u0006'), Buffer.alloc(18)]),
  })
  await again.getByRole('button', { name: 'Submit Task' }).click()
  const done = page.getByTestId(`task-${number}`)
  await expect(done.getByText('Your work is waiting for review.')).toBeVisible()
  await expect(page).toHaveURL(new RegExp(`/${BOARD}#task-${number}$`))
  await expect(done.getByText('Your work is waiting for review.')).toBeInViewport()
  await expect(done.getByText('Submitted, waiting for review')).toBeVisible()
  await expect(done.getByRole('link', { name: 'app.zip' })).toBeVisible()
})
