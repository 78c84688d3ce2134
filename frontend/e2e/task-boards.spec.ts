import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Browser, type Page } from '@playwright/test'

import { viewports } from './support'

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']
const boards = ['tasks', 'tasks-1', 'tasks-10', 'tasks-20'] as const

type BoardTask = { number: number; unlocked: boolean; task_url: string | null }
type Board = { tasks: BoardTask[] }

/** Each card's state and text, in order. */
async function cards(page: Page): Promise<Array<{ state: string | null; text: string }>> {
  const list = page.getByTestId(/^task-\d$/)
  await expect(list).toHaveCount(4)
  const result = []
  for (const card of await list.all()) {
    result.push({ state: await card.getAttribute('data-state'), text: (await card.innerText()).replace(/\s+/g, ' ').trim() })
  }
  return result
}

async function cardsInZone(browser: Browser, baseURL: string | undefined, timezoneId: string, path: string) {
  const context = await browser.newContext({ baseURL, timezoneId })
  try {
    const page = await context.newPage()
    await page.goto(path)
    const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)
    // Chromium may report India under its old name.
    expect(zone === timezoneId || (timezoneId === 'Asia/Kolkata' && zone === 'Asia/Calcutta')).toBe(true)
    return await cards(page)
  } finally {
    await context.close()
  }
}

for (const slug of boards) {
  test(`/${slug} shows four tasks; locked ones carry no links`, async ({ page }) => {
    const api = await page.request.get(`/api/internships/boards/${slug}`)
    expect(api.status()).toBe(200)
    const board = (await api.json()) as Board
    expect(board.tasks).toHaveLength(4)

    await page.goto(`/${slug}`)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    const shown = await cards(page)
    // The page shows exactly the server's answer.
    expect(shown.map((card) => card.state)).toEqual(board.tasks.map((task) => (task.unlocked ? 'unlocked' : 'locked')))

    for (const task of board.tasks) {
      const card = page.getByTestId(`task-${task.number}`)
      if (task.unlocked) {
        await expect(card.getByRole('link', { name: /^Get Task/ })).toHaveAttribute('href', task.task_url ?? '')
        // The external submission forms are retired: a visitor is asked to log in instead.
        await expect(card.getByRole('link', { name: /^Submit Task/ })).toHaveCount(0)
        await expect(card.getByRole('link', { name: /^Log in to submit/ })).toHaveAttribute('href', `/login?next=%2F${slug}`)
        await expect(card.getByRole('link', { name: /^Get Task/ })).toHaveAttribute('rel', /noopener/)
        await expect(card.getByRole('link', { name: /^Get Task/ })).toHaveAttribute('target', '_blank')
      } else {
        expect(task.task_url).toBeNull()
        expect(task).not.toHaveProperty('submission_url')
        await expect(card.locator('a')).toHaveCount(0)
        await expect(card).toContainText(/Unlocks on \d{1,2} [A-Z][a-z]{2,3}/)
      }
    }
    // The placeholders the seed gives locked tasks never reach the page.
    const html = await page.content()
    for (const task of board.tasks.filter((item) => !item.unlocked)) {
      expect(html).not.toContain(`${slug}-task-${task.number}-`)
    }
  })
}

for (const slug of boards) {
  test(`/${slug} shows a visibly disabled Generate Certificate with “Complete all four tasks first”`, async ({ page }) => {
    await page.goto(`/${slug}`)
    const button = page.getByRole('button', { name: 'Generate Certificate' })
    await expect(button).toBeVisible()
    await expect(button).toHaveAttribute('aria-disabled', 'true')
    await expect(button).toHaveAccessibleDescription('Complete all four tasks first')
    expect(Number(await button.evaluate((element) => getComputedStyle(element).opacity))).toBeLessThan(1)
    await expect(page.getByRole('link', { name: /generate certificate/i })).toHaveCount(0)
  })
}

test.describe('in Los Angeles', () => {
  test.use({ timezoneId: 'America/Los_Angeles' })

  test('a visitor sees the same tasks, and unlock dates, as one in India', async ({ page, browser, baseURL }) => {
    for (const slug of boards) {
      await page.goto(`/${slug}`)
      const here = await cards(page)
      const india = await cardsInZone(browser, baseURL, 'Asia/Kolkata', `/${slug}`)
      expect(here).toEqual(india)
    }
    expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe('America/Los_Angeles')
  })
})

test.describe('in India', () => {
  test.use({ timezoneId: 'Asia/Kolkata' })

  test('the unlocked set matches the server and a Los Angeles browser', async ({ page, browser, baseURL }) => {
    for (const slug of boards) {
      const board = (await (await page.request.get(`/api/internships/boards/${slug}`)).json()) as Board
      await page.goto(`/${slug}`)
      const here = await cards(page)
      expect(here.map((card) => card.state)).toEqual(board.tasks.map((task) => (task.unlocked ? 'unlocked' : 'locked')))
      expect(await cardsInZone(browser, baseURL, 'America/Los_Angeles', `/${slug}`)).toEqual(here)
    }
  })
})

for (const [name, viewport] of Object.entries(viewports)) {
  test.describe(`task boards pass axe at ${viewport.width} px`, () => {
    test.use({ viewport })
    for (const slug of boards) {
      test(`/${slug} (${name})`, async ({ page }) => {
        await page.goto(`/${slug}`)
        await expect(page.getByTestId(/^task-\d$/)).toHaveCount(4)
        await page.waitForLoadState('networkidle')
        const results = await new AxeBuilder({ page }).withTags(TAGS).analyze()
        const summary = results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)
        expect(summary).toEqual([])
        await page.screenshot({ path: `test-results/screenshots/${slug}-${name}-${viewport.width}.png`, fullPage: true })
      })
    }
  })
}
