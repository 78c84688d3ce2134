import { expect, test, type Page } from '@playwright/test'

import { csvFile, importCertificatesViaApi, loginViaApi, runTag, staffAccount, viewports } from './support'

/**
 * Certificate verification with JavaScript switched off: /verify is a GET form to
 * /verify?id=<ID>, which the server sends on to /verify/<ID>; the result is in the page
 * the server sends.
 */
test.use({ javaScriptEnabled: false })

const NOT_FOUND = 'Verification failed. This certification ID is invalid.'

/** Staff import one certificate through the API, then log out. */
function importCertificate(page: Page, line: string) {
  return importCertificatesViaApi(page, ['CertificateID,Course,Duration,Name,IssueDate', line])
}

/** The details table as { row header: cell text }. */
async function tableRows(page: Page): Promise<Record<string, string>> {
  const table = page.getByRole('table', { name: /certificate details/i })
  await expect(table).toBeVisible()
  const rows: Record<string, string> = {}
  for (const row of await table.getByRole('row').all()) {
    const header = (await row.getByRole('rowheader').textContent())?.trim() ?? ''
    rows[header] = (await row.getByRole('cell').textContent())?.trim() ?? ''
  }
  return rows
}

test('an empty submit asks for a certificate ID', async ({ page }) => {
  await page.goto('/verify')
  await page.getByLabel('Certificate ID').fill('   ')
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(page).toHaveURL(/\/verify\?id=/)
  await expect(page.getByText('Please enter a certificate ID')).toBeVisible()
  await expect(page.getByLabel('Certificate ID')).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByLabel('Certificate ID')).toHaveAccessibleDescription(/Please enter a certificate ID/)
})

test('an unknown ID: verification failed', async ({ page }) => {
  const unknown = `no-such-${runTag()}`
  await page.goto(`/verify?id=${unknown}`)
  await expect(page).toHaveURL(new RegExp(`/verify/${unknown.toUpperCase()}$`))
  await expect(page.getByText(NOT_FOUND)).toBeVisible()
  await expect(page.getByLabel('Certificate ID')).toHaveValue(unknown.toUpperCase())
})

test('a real certificate, typed in the form on a phone: its details, downloads and share link', async ({ page }) => {
  await page.setViewportSize(viewports.mobile)
  const id = `E2E-${runTag().toUpperCase()}-NJ`
  await importCertificate(page, `${id},Web Development,30 Days,Asha Verma,2025-03-26`)

  await page.goto('/verify')
  await page.getByLabel('Certificate ID').fill(`  ${id.toLowerCase()}  `)
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(page).toHaveURL(new RegExp(`/verify/${id}$`))
  await expect(page.getByRole('heading', { level: 2, name: 'Verified', exact: true })).toBeVisible()
  await expect(page.getByText('Issued to Asha Verma on')).toBeVisible()
  expect(await tableRows(page)).toEqual({
    Name: 'Asha Verma',
    Domain: 'Web Development',
    Duration: '30 Days',
    'Issue date': '26 Mar 2025',
    Issuer: expect.stringMatching(/\S/),
    'Certificate ID': id,
    Verified: '',
  })
  await expect(page.getByRole('img', { name: 'Verified' })).toBeVisible()

  // Plain links: they work without JavaScript.
  const png = await page.request.get((await page.getByRole('link', { name: /^Certificate PNG/ }).getAttribute('href')) ?? '')
  expect(png.status()).toBe(200)
  expect(png.headers()['content-type']).toBe('image/png')
  await expect(page.getByRole('link', { name: /^Letter of recommendation PNG/ })).toBeVisible()
  const linkedIn = new URL((await page.getByRole('link', { name: /add to profile/i }).getAttribute('href')) ?? '')
  expect(linkedIn.searchParams.get('certId')).toBe(id)
})

test('staff import certificates on /test without JavaScript: check, a refused file, then the import', async ({ page }) => {
  const id = `NOJS-IMPORT-${runTag().toUpperCase()}`
  await loginViaApi(page, staffAccount.phone, staffAccount.password)
  await page.goto('/test')
  await expect(page.getByRole('heading', { level: 1, name: 'Import certificates' })).toBeVisible()

  // No file chosen: said at the field.
  await page.getByRole('button', { name: 'Check file' }).click()
  await expect(page.getByText('Choose a CSV file first.')).toBeVisible()

  // A file with a bad row: the server's report, nothing written.
  await page.getByLabel('CSV file', { exact: true }).setInputFiles(csvFile(['CertificateID,Course,Duration,Name', ',Python,30 Days,No Id']))
  await page.getByRole('button', { name: 'Check file' }).click()
  await expect(page.getByText('Some rows have errors')).toBeVisible()

  // A good file: the dry run's figures, then the import (the file chosen again).
  const lines = ['CertificateID,Course,Duration,Name', `${id},Python,30 Days,Nojs Importer`]
  await page.getByLabel('CSV file', { exact: true }).setInputFiles(csvFile(lines))
  await page.getByRole('button', { name: 'Check file' }).click()
  await expect(page.getByText('The file is ready to import')).toBeVisible()
  await page.getByLabel('CSV file', { exact: true }).setInputFiles(csvFile(lines))
  await page.getByRole('button', { name: /^Import/ }).click()
  await expect(page.getByText('Import complete')).toBeVisible()
  await expect(page.getByText('1 record imported: 1 new, 0 updated, 0 unchanged.')).toBeVisible()

  await page.goto(`/verify/${id}`)
  expect((await tableRows(page)).Name).toBe('Nojs Importer')
})
