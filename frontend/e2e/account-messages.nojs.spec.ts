import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'

import { PASSWORD, freshPhone, signupViaApi } from './accounts-support'
import { loginViaApi, viewports } from './support'

/*
 * /account's Messages section without JavaScript, at 360 and 1280 px: the form posts to
 * the page, the server saves through the API and answers with the page showing what is
 * saved; no axe violations.
 */
test.use({ javaScriptEnabled: false })

/**
 * axe runs in the page, so it needs JavaScript: the same address, with the same session, is
 * checked in a second, scripted browser (as credentials.nojs.spec.ts does).
 */
async function expectNoViolations(page: Page) {
  const browser = page.context().browser()
  if (!browser) throw new Error('No browser to open a scripted page in')
  const context = await browser.newContext({
    javaScriptEnabled: true,
    baseURL: test.info().project.use.baseURL,
    viewport: page.viewportSize(),
    storageState: await page.context().storageState(),
  })
  try {
    const scripted = await context.newPage()
    await scripted.goto(page.url())
    await scripted.waitForLoadState('networkidle')
    const results = await new AxeBuilder({ page: scripted }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
    const summary = results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)
    expect(summary).toEqual([])
  } finally {
    await context.close()
  }
}

for (const [name, viewport] of Object.entries(viewports)) {
  test(`message preferences are saved without JavaScript (${name})`, async ({ page }) => {
    // A sign-up by code, a login and four axe walks: more than the default 30 s on a busy machine.
    test.slow()
    await page.setViewportSize(viewport)
    const phone = freshPhone()
    await signupViaApi(page, 'No Script Messages', phone)
    await loginViaApi(page, phone, PASSWORD)
    await page.goto('/account')
    const section = page.getByRole('region', { name: 'Messages' })
    await expect(section.getByRole('checkbox', { name: /Send me WhatsApp messages on/ })).not.toBeChecked()
    await expectNoViolations(page)

    await section.getByRole('checkbox').check()
    await section.getByRole('group', { name: 'Certificates' }).getByRole('radio', { name: 'Email' }).check()
    await section.getByRole('button', { name: 'Save message preferences' }).click()
    await expect(page).toHaveURL(/\/account$/)
    const answered = page.getByRole('region', { name: 'Messages' })
    await expect(answered.getByRole('status')).toHaveText('Your message preferences are saved.')
    await expect(answered.getByRole('checkbox')).toBeChecked()
    await expect(answered.getByRole('checkbox')).toHaveAccessibleDescription(/^You agreed on /)
    await expect(answered.getByRole('group', { name: 'Certificates' }).getByRole('radio', { name: 'Email' })).toBeChecked()
    await expectNoViolations(page)
  })
}
