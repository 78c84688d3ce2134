import { mkdirSync, writeFileSync } from 'node:fs'

import { expect, test, type Page } from '@playwright/test'

import { expectNoAxeViolations } from './axe'
import { signupWithCode } from './sms'
import { csrfToken, csvFile, importCertificatesViaApi, loginViaApi, runTag, staffAccount, journeyViewports } from './support'

const NOT_FOUND = 'Verification failed. This certification ID is invalid.'
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]

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

function uniqueIds() {
  const tag = runTag().toUpperCase()
  return { web: `E2E-${tag}-WD`, python: `E2E-${tag}-PY`, eliminated: `E2E-${tag}-EL` }
}

test('staff import a CSV on /test; anyone verifies and downloads the certificate and letter', async ({ page }) => {
  const ids = uniqueIds()
  await loginViaApi(page, staffAccount.phone, staffAccount.password)
  await page.goto('/test')
  await expect(page.getByRole('heading', { level: 1, name: 'Import certificates' })).toBeVisible()

  const importButton = page.getByRole('button', { name: /^Import/ })
  await expect(importButton).toBeDisabled()
  await page.getByLabel('CSV file', { exact: true }).setInputFiles(
    csvFile([
      'Certificate ID,course,DURATION,Name,Issue_Date',
      `${ids.web},Web Development,30 Days,Asha Verma,2025-03-26`,
      `${ids.python},Python,3 Months,,`,
      `${ids.eliminated},Eliminated,30 Days,Sam Example,`,
    ]),
  )
  await page.getByRole('button', { name: 'Check file' }).click()
  await expect(page.getByText('The file is ready to import')).toBeVisible()
  const figure = (label: string) => page.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd')
  await expect(figure('Rows in the file')).toHaveText('3')
  await expect(figure('New (to create)')).toHaveText('3')
  await expect(figure('Updated (to change)')).toHaveText('0')

  await page.getByRole('button', { name: 'Import 3 records' }).click()
  await expect(page.getByText('Import complete')).toBeVisible()
  await expect(page.getByText('3 records imported: 3 new, 0 updated, 0 unchanged.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Import 3 records' })).toBeDisabled()

  // Anyone: no session from here on.
  await page.context().clearCookies()
  await page.goto('/verify')
  await page.getByLabel('Certificate ID').fill(`  ${ids.web.toLowerCase()}  `)
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(page).toHaveURL(new RegExp(`/verify/${ids.web}$`))
  expect(await tableRows(page)).toEqual({
    Name: 'Asha Verma',
    Domain: 'Web Development',
    Duration: '30 Days',
    'Issue date': expect.any(String),
    Issuer: expect.stringMatching(/\S/),
    'Certificate ID': ids.web,
    Verified: '',
  })
  await expect(page.getByRole('img', { name: 'Verified' })).toBeVisible()

  // The certificate PNG, as the browser downloads it, and as a plain request.
  const certificateLink = page.getByRole('link', { name: /^Certificate PNG/ })
  const [download] = await Promise.all([page.waitForEvent('download'), certificateLink.click()])
  expect(download.suggestedFilename()).toMatch(/\.png$/)
  const certificate = await page.request.get((await certificateLink.getAttribute('href')) ?? '')
  expect(certificate.status()).toBe(200)
  expect(certificate.headers()['content-type']).toBe('image/png')
  const png = await certificate.body()
  expect([...png.subarray(0, 8)]).toEqual(PNG_SIGNATURE)
  mkdirSync('test-results/screenshots', { recursive: true })
  writeFileSync('test-results/screenshots/certificate-download.png', png)

  const pdf = await page.request.get((await page.getByRole('link', { name: /^Certificate PDF/ }).getAttribute('href')) ?? '')
  expect(pdf.status()).toBe(200)
  expect(pdf.headers()['content-type']).toBe('application/pdf')

  // 30 Days: the letter of recommendation too.
  const letter = await page.request.get((await page.getByRole('link', { name: /^Letter of recommendation PNG/ }).getAttribute('href')) ?? '')
  expect(letter.status()).toBe(200)
  expect(letter.headers()['content-type']).toBe('image/png')
  writeFileSync('test-results/screenshots/letter-download.png', await letter.body())

  // Share: the LinkedIn link carries the record.
  const linkedIn = new URL((await page.getByRole('link', { name: /add to profile/i }).getAttribute('href')) ?? '')
  expect(linkedIn.searchParams.get('certId')).toBe(ids.web)
  expect(linkedIn.searchParams.get('name')).toBe('Web Development (30 Days)')
  expect(linkedIn.searchParams.get('issueYear')).toBe('2025')
  expect(linkedIn.searchParams.get('issueMonth')).toBe('3')

  // Not 30 days: no letter; an empty name shows "-".
  await page.goto(`/verify/${ids.python}`)
  expect((await tableRows(page)).Name).toBe('-')
  await expect(page.getByRole('link', { name: /^Certificate PNG/ })).toBeVisible()
  await expect(page.getByRole('link', { name: /Letter of recommendation/ })).toHaveCount(0)

  // Eliminated: Verified is False, and nothing to download.
  await page.goto(`/verify/${ids.eliminated}`)
  expect((await tableRows(page)).Verified).toBe('False')
  await expect(page.getByRole('link', { name: /^Certificate PNG/ })).toHaveCount(0)
})

test('a CSV with an ID twice shows the bad row with its line numbers and imports nothing', async ({ page }) => {
  const ids = uniqueIds()
  await loginViaApi(page, staffAccount.phone, staffAccount.password)
  await page.goto('/test')
  await page.getByLabel('CSV file', { exact: true }).setInputFiles(
    csvFile([
      'CertificateID,Course,Duration,Name',
      `${ids.web},Web Development,30 Days,First Row`,
      `${ids.python},Python,3 Months,Second Row`,
      `${ids.web},Web Development,30 Days,Third Row`,
    ]),
  )
  await page.getByRole('button', { name: 'Check file' }).click()
  await expect(page.getByText('Some rows have errors')).toBeVisible()
  await expect(page.getByText('1 row has errors. Nothing was imported.')).toBeVisible()
  const row = page.getByRole('table').getByRole('row').filter({ hasText: 'appears twice' })
  await expect(row.getByRole('cell').nth(0)).toHaveText('4')
  await expect(row.getByRole('cell').nth(1)).toHaveText(ids.web)
  await expect(row.getByRole('cell').nth(2)).toHaveText(`CertificateID ${ids.web} appears twice in the file (lines 2 and 4).`)
  await expect(page.getByRole('button', { name: /^Import/ })).toBeDisabled()

  for (const id of [ids.web, ids.python]) {
    const response = await page.request.get(`/api/certificates/${id}`)
    expect(response.status()).toBe(404)
  }
})

test('an anonymous visitor to /test is sent to /login', async ({ page }) => {
  await page.goto('/test')
  await expect(page).toHaveURL(/\/login\?next=%2Ftest$/)
})

test('a logged-in learner sees Access denied on /test, with no file input', async ({ page }) => {
  const tag = runTag()
  const phone = `9${String(Date.now()).slice(-9)}`
  const password = `correct-horse-battery-${Math.floor(Math.random() * 1e6)}`
  await page.goto('/')
  await signupWithCode(page, { name: `E2E Learner ${tag}`, phone, password, email: `learner-${tag}@example.com` })
  await loginViaApi(page, phone, password)

  const response = await page.goto('/test')
  expect(response?.status()).toBe(403)
  await expect(page.getByRole('heading', { level: 1, name: 'Access denied' })).toBeVisible()
  await expect(page.locator('input[type="file"]')).toHaveCount(0)
  await expect(page.getByRole('button', { name: /check file|import/i })).toHaveCount(0)

  const refused = await page.request.post('/api/certificates/import', {
    multipart: { file: csvFile(['CertificateID,Course,Duration,Name', 'X-1,Web,30 Days,X']), dry_run: 'true' },
    headers: { 'X-CSRFToken': await csrfToken(page), Referer: page.url() },
  })
  expect(refused.status()).toBe(403)
})

for (const [name, viewport] of Object.entries(journeyViewports)) {
  test.describe(`certificate pages pass axe at ${viewport.width} px`, () => {
    test.use({ viewport })

    test(`/verify, empty submit (${name})`, async ({ page }) => {
      await page.goto('/verify')
      await expectNoAxeViolations(page)
      await page.getByRole('button', { name: 'Verify' }).click()
      await expect(page.getByText('Please enter a certificate ID')).toBeVisible()
      await expectNoAxeViolations(page)
    })

    test(`/verify/<ID> found (${name})`, async ({ page }) => {
      const ids = uniqueIds()
      await importCertificatesViaApi(page, ['CertificateID,Course,Duration,Name,IssueDate', `${ids.web},Web Development,30 Days,Asha Verma,2025-03-26`])
      await page.goto(`/verify/${ids.web}`)
      await expect(page.getByRole('heading', { level: 2, name: 'Verified', exact: true })).toBeVisible()
      await expectNoAxeViolations(page)
      await page.screenshot({ path: `test-results/screenshots/verify-found-${name}-${viewport.width}.png`, fullPage: true })
    })

    test(`/verify/<ID> not found (${name})`, async ({ page }) => {
      await page.goto(`/verify/NO-SUCH-${runTag().toUpperCase()}`)
      await expect(page.getByText(NOT_FOUND)).toBeVisible()
      await expectNoAxeViolations(page)
      await page.screenshot({ path: `test-results/screenshots/verify-not-found-${name}-${viewport.width}.png`, fullPage: true })
    })

    test(`/test as staff, with a dry-run report (${name})`, async ({ page }) => {
      await loginViaApi(page, staffAccount.phone, staffAccount.password)
      await page.goto('/test')
      await expect(page.getByRole('heading', { level: 1, name: 'Import certificates' })).toBeVisible()
      await expectNoAxeViolations(page)
      await page.screenshot({ path: `test-results/screenshots/certificate-import-${name}-${viewport.width}.png`, fullPage: true })

      const id = `E2E-${runTag().toUpperCase()}`
      await page.getByLabel('CSV file', { exact: true }).setInputFiles(
        csvFile(['CertificateID,Course,Duration,Name,Notes', `${id},Web,30 Days,A,x`, `${id},Web,30 Days,B,y`, ',Web,30 Days,C,z']),
      )
      await page.getByRole('button', { name: 'Check file' }).click()
      await expect(page.getByText('Some rows have errors')).toBeVisible()
      await expectNoAxeViolations(page)
      await page.screenshot({ path: `test-results/screenshots/certificate-import-errors-${name}-${viewport.width}.png`, fullPage: true })
    })
  })
}
