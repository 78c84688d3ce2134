import { expect, test } from '@playwright/test'

import { viewports } from './support'

test.describe('mobile menu at 360 px', () => {
  test.use({ viewport: viewports.mobile })

  test('opens, closes on Escape (focus back on the button) and on choosing a link', async ({ page }) => {
    await page.goto('/')
    const button = page.getByRole('button', { name: 'Menu' })
    await expect(button).toHaveAttribute('aria-expanded', 'false')

    await button.click()
    await expect(button).toHaveAttribute('aria-expanded', 'true')
    const panel = page.locator(`#${await button.getAttribute('aria-controls')}`)
    await expect(panel).toBeVisible()

    await page.keyboard.press('Tab')
    await page.keyboard.press('Escape')
    await expect(panel).toBeHidden()
    await expect(button).toBeFocused()

    await button.click()
    await panel.getByRole('link', { name: 'Contact Us' }).click()
    await expect(page).toHaveURL(/\/getquote$/)
    await expect(panel).toBeHidden()
    await expect(button).toHaveAttribute('aria-expanded', 'false')
    await expect(page.getByRole('heading', { level: 1, name: /contact us/i })).toBeFocused()
  })
})

test('the skip link moves to the main content', async ({ page }) => {
  await page.goto('/')
  // The app renders after the page's load event: wait for it before pressing keys.
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await page.keyboard.press('Tab')
  const skip = page.getByRole('link', { name: 'Skip to content' })
  await expect(skip).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.locator('main')).toBeFocused()
})

test('the current page is marked in the header', async ({ page }) => {
  await page.setViewportSize(viewports.desktop)
  await page.goto('/getquote')
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contact Us' })).toHaveAttribute(
    'aria-current',
    'page',
  )
})
