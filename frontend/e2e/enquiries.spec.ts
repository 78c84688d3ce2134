import { expect, test, type Page } from '@playwright/test'

import { runTag, viewports } from './support'

test('home contact form: empty submit shows field errors, a valid one is sent and cleared', async ({ page }) => {
  await page.goto('/')
  const form = page.locator('#contact form')
  await form.getByRole('button', { name: /send message/i }).click()

  const name = form.getByLabel(/^name/i)
  await expect(name).toHaveAttribute('aria-invalid', 'true')
  await expect(name).toBeFocused()
  await expect(form.getByText(/^(Enter your name|Enter your email address|Enter a subject|Write your message)\.$/)).toHaveCount(4)

  const tag = runTag()
  await name.fill(`E2E Visitor ${tag}`)
  await form.getByLabel(/^email/i).fill(`e2e-${tag}@example.com`)
  await form.getByLabel(/^subject/i).fill('Question about courses')
  await form.getByLabel(/^message/i).fill('Is there a weekend batch for the Python course?')
  await form.getByRole('button', { name: /send message/i }).click()

  await expect(form.getByRole('status')).not.toBeEmpty()
  await expect(name).toHaveValue('')
  await expect(form.getByLabel(/^message/i)).toHaveValue('')
})

test('/getquote?package=web-project preselects the package and submits', async ({ page }) => {
  await page.goto('/getquote?package=web-project')
  const select = page.getByLabel(/^package/i)
  await expect(select).toHaveValue('web-project')

  const tag = runTag()
  await page.getByLabel(/^name/i).fill(`E2E Client ${tag}`)
  await page.getByLabel(/^email/i).fill(`client-${tag}@example.com`)
  await page.getByLabel(/^subject/i).fill('A website for my shop')
  await page.getByLabel(/^message/i).fill('Five pages, a contact form and a gallery, please.')
  await page.getByRole('button', { name: /request a quote/i }).click()

  await expect(page.getByRole('status')).not.toBeEmpty()
  await expect(page.getByLabel(/^name/i)).toHaveValue('')
  // The chosen package stays chosen for the next request.
  await expect(select).toHaveValue('web-project')
})

/** Fill in everything but the subject (which a link may have filled in) and send. */
async function sendGeneralEnquiry(page: Page, subject?: string) {
  const tag = runTag()
  await page.getByLabel(/^name/i).fill(`E2E Student ${tag}`)
  await page.getByLabel(/^email/i).fill(`student-${tag}@example.com`)
  if (subject) await page.getByLabel(/^subject/i).fill(subject)
  await page.getByLabel(/^message/i).fill('Is there a weekend batch? I am a student.')
  await page.getByRole('button', { name: /send message/i }).click()
  await expect(page.getByRole('status')).toContainText(/thank/i)
  await expect(page.getByLabel(/^name/i)).toHaveValue('')
}

test('the header’s Contact Us opens a contact form a student can send without a package', async ({ page }) => {
  await page.setViewportSize(viewports.desktop)
  await page.goto('/')
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contact Us' }).click()
  await expect(page).toHaveURL(/\/getquote$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Contact us' })).toBeVisible()
  const select = page.getByLabel(/^package/i)
  await expect(select).toHaveValue('')
  await expect(select.locator('option:checked')).toHaveText('General enquiry')
  await expect(select).not.toHaveAttribute('required', /.*/)

  // An empty submit asks for the four text fields, never for a package.
  await page.getByRole('button', { name: /send message/i }).click()
  await expect(page.getByText(/^(Enter your name|Enter your email address|Enter a subject|Write your message)\.$/)).toHaveCount(4)
  await expect(select).not.toHaveAttribute('aria-invalid', 'true')

  await sendGeneralEnquiry(page, 'Weekend batches')
})

test('“Ask about this course” opens the contact form with the course as the subject', async ({ page }) => {
  await page.goto('/java-registration')
  await page.getByRole('region', { name: 'Course details' }).getByRole('link', { name: 'Ask about this course' }).click()
  await expect(page).toHaveURL(/\/getquote\?subject=/)
  await expect(page.getByLabel(/^subject/i)).toHaveValue('Question about Java')
  await expect(page.getByLabel(/^package/i)).toHaveValue('')
  await sendGeneralEnquiry(page)
})

test('“Ask us a question” and the refund policy’s contact link reach a form a student can send', async ({ page }) => {
  await page.goto('/training-and-internship')
  await page.getByRole('link', { name: 'Ask us a question' }).click()
  await expect(page).toHaveURL(/\/getquote$/)
  await sendGeneralEnquiry(page, 'Internship dates')

  await page.goto('/refund-and-cancellation-policy')
  await page.getByRole('article').getByRole('link', { name: 'Contact us' }).click()
  await expect(page).toHaveURL(/\/getquote\?subject=/)
  await expect(page.getByLabel(/^subject/i)).toHaveValue(/refund and cancellation policy/i)
  await sendGeneralEnquiry(page)
})
