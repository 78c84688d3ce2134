import { expect, test } from '@playwright/test'

import { expectNoAxeViolations } from './axe'
import { PASSWORD, freshPhone, signupViaApi } from './accounts-support'
import { loginViaApi, journeyViewports } from './support'

/*
 * /account's Messages section (docs/product.md section 19) with JavaScript, at 360 and
 * 1280 px: WhatsApp consent and a channel per kind, saved through the API and still there
 * after a reload, a refusal shown at the choice, and no axe violations.
 */

for (const [name, viewport] of Object.entries(journeyViewports)) {
  test(`message preferences are saved with JavaScript (${name})`, async ({ page }) => {
    // A sign-up by code, a login and four axe walks: more than the default 30 s on a busy machine.
    test.slow()
    await page.setViewportSize(viewport)
    const phone = freshPhone()
    await signupViaApi(page, 'Messages Learner', phone)
    await loginViaApi(page, phone, PASSWORD)
    await page.goto('/account')
    const section = page.getByRole('region', { name: 'Messages' })
    await expect(section).toBeVisible()
    const consent = section.getByRole('checkbox', { name: /Send me WhatsApp messages on/ })
    await expect(consent).not.toBeChecked()
    await expect(section.getByRole('group', { name: 'Payments' }).getByRole('radio')).toHaveCount(2)
    await expectNoAxeViolations(page)

    await consent.check()
    await section.getByRole('group', { name: 'Internship tasks' }).getByRole('radio', { name: 'Email' }).check()
    await section.getByRole('group', { name: 'Reminders' }).getByRole('radio', { name: 'Neither' }).check()
    await section.getByRole('button', { name: 'Save message preferences' }).click()
    await expect(section.getByRole('status')).toHaveText('Your message preferences are saved.')
    await expect(section.getByRole('checkbox')).toHaveAccessibleDescription(/^You agreed on \d{1,2} \w{3} \d{4}\./)
    await expectNoAxeViolations(page)

    await page.reload()
    const reloaded = page.getByRole('region', { name: 'Messages' })
    await expect(reloaded.getByRole('checkbox')).toBeChecked()
    await expect(reloaded.getByRole('group', { name: 'Internship tasks' }).getByRole('radio', { name: 'Email' })).toBeChecked()
    await expect(reloaded.getByRole('group', { name: 'Reminders' }).getByRole('radio', { name: 'Neither' })).toBeChecked()
    await expect(reloaded.getByRole('group', { name: 'Payments' }).getByRole('radio', { name: 'WhatsApp' })).toBeChecked()

    // Withdrawn: unticked and saved.
    await reloaded.getByRole('checkbox').uncheck()
    await reloaded.getByRole('button', { name: 'Save message preferences' }).click()
    await expect(reloaded.getByRole('checkbox')).toHaveAccessibleDescription(/^Until you tick this/)
  })
}
