import { expect, test, type Locator, type Page } from '@playwright/test'

import { runTag, viewports } from './support'

/**
 * The contact / quote form with JavaScript switched off: the browser posts the form to the
 * page, the server sends the enquiry to the API and answers with the page (field errors and
 * what was typed, or the thanks), opening at the answer (`#enquiry`).
 */
test.use({ javaScriptEnabled: false })

/** Fill in the four text fields of the form in `scope`. */
async function fillEnquiry(scope: Page | Locator) {
  const tag = runTag()
  await scope.getByLabel(/^name/i).fill(`E2E No-JS ${tag}`)
  await scope.getByLabel(/^email/i).fill(`nojs-${tag}@example.com`)
  await scope.getByLabel(/^subject/i).fill('A website for my shop')
  await scope.getByLabel(/^message/i).fill('Five pages, a contact form and a gallery, please.')
}

test('/getquote?package=…: an empty form gets the server’s field errors, a filled one the thanks', async ({ page }) => {
  await page.goto('/getquote?package=web-project')
  const select = page.getByLabel(/^package/i)
  await expect(select).toHaveValue('web-project')

  // Nothing checks the form in the browser: the server answers with the errors.
  await page.getByLabel(/^email/i).fill('not-an-email')
  await page.getByRole('button', { name: /request a quote/i }).click()
  await expect(page).toHaveURL(/\/getquote\?package=web-project#enquiry$/)
  const name = page.getByLabel(/^name/i)
  await expect(name).toHaveAttribute('aria-invalid', 'true')
  await expect(name).toHaveAccessibleDescription('Enter your name.')
  await expect(page.getByText(/^(Enter your name|Enter a subject|Write your message)\.$/)).toHaveCount(3)
  await expect(page.getByLabel(/^email/i)).toHaveAccessibleDescription('Enter a valid email address.')
  // What was typed and chosen is back in the form; the package is never required.
  await expect(page.getByLabel(/^email/i)).toHaveValue('not-an-email')
  await expect(select).toHaveValue('web-project')
  await expect(select).not.toHaveAttribute('aria-invalid', 'true')

  await fillEnquiry(page)
  await page.getByRole('button', { name: /request a quote/i }).click()
  const status = page.getByRole('status').filter({ hasText: /thank/i })
  await expect(status).toContainText('Message sent')
  await expect(status).toBeInViewport()
  await expect(page.getByLabel(/^name/i)).toHaveValue('')
  await expect(page.getByLabel(/^message/i)).toHaveValue('')
  await expect(page.getByLabel(/^name/i)).not.toHaveAttribute('aria-invalid', 'true')
  // The chosen package stays chosen for the next request.
  await expect(page.getByLabel(/^package/i)).toHaveValue('web-project')
})

test('/getquote?subject=…: a general enquiry with the subject from the link', async ({ page }) => {
  await page.goto('/getquote?subject=Question+about+Java')
  await expect(page.getByLabel(/^subject/i)).toHaveValue('Question about Java')
  await expect(page.getByLabel(/^package/i)).toHaveValue('')
  const tag = runTag()
  await page.getByLabel(/^name/i).fill(`E2E Student ${tag}`)
  await page.getByLabel(/^email/i).fill(`student-${tag}@example.com`)
  await page.getByLabel(/^message/i).fill('Is there a weekend batch?')
  await page.getByRole('button', { name: /send message/i }).click()
  await expect(page.getByRole('status').filter({ hasText: /thank/i })).toBeVisible()
})

test('home page contact form, on a phone: the page opens at the errors, then at the thanks', async ({ page }) => {
  await page.setViewportSize(viewports.mobile)
  await page.goto('/')
  const form = page.locator('#contact form')
  await form.getByRole('button', { name: /send message/i }).click()

  await expect(page).toHaveURL(/\/#enquiry$/)
  const contact = page.locator('#contact form')
  const name = contact.getByLabel(/^name/i)
  await expect(name).toHaveAttribute('aria-invalid', 'true')
  await expect(contact.getByText(/^(Enter your name|Enter your email address|Enter a subject|Write your message)\.$/)).toHaveCount(4)
  // The browser scrolled to the form, not to the top of the page.
  await expect(name).toBeInViewport()
  await expect(page.getByRole('heading', { level: 1 })).not.toBeInViewport()
  await expect(contact.getByLabel(/package/i)).toHaveCount(0)

  await fillEnquiry(contact)
  await contact.getByRole('button', { name: /send message/i }).click()
  const status = page.locator('#contact').getByRole('status')
  await expect(status).toContainText(/thank/i)
  await expect(status).toBeInViewport()
  await expect(page.locator('#contact form').getByLabel(/^name/i)).toHaveValue('')
})
