import { expect, test } from '@playwright/test'

import { runTag } from './support'

test('home contact form: empty submit shows field errors, a valid one is sent and cleared', async ({ page }) => {
  await page.goto('/')
  const form = page.locator('#contact form')
  await form.getByRole('button', { name: /send message/i }).click()

  const name = form.getByLabel(/^name/i)
  await expect(name).toHaveAttribute('aria-invalid', 'true')
  await expect(name).toBeFocused()
  await expect(form.getByText('This field is required.')).toHaveCount(4)

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
})

test('/getquote asks for a package when none is chosen', async ({ page }) => {
  await page.goto('/getquote')
  await page.getByRole('button', { name: /request a quote/i }).click()
  await expect(page.getByText('Choose a package.')).toBeVisible()
})
