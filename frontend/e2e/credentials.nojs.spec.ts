import { expect, test, type Browser, type Page } from '@playwright/test'

import { expectNoAxeViolations } from './axe'
import { importCertificatesViaApi, runTag, sidewaysOverflow, viewports } from './support'

/**
 * The verify page as a QR code opens it, with JavaScript switched off: the verdict first,
 * the certificate, the signed credential to download; and "Check a credential file", whose
 * answer is in the page the server sends.
 */
test.use({ javaScriptEnabled: false })

/** Staff import one certificate through the API, then log out. */
function importCertificate(page: Page, line: string) {
  return importCertificatesViaApi(page, ['CertificateID,Course,Duration,Name,IssueDate', line])
}

/** A page with JavaScript on, at the same site and viewport, for axe and the scripted path. */
async function scriptedPage(browser: Browser, page: Page): Promise<Page> {
  const context = await browser.newContext({
    javaScriptEnabled: true,
    baseURL: test.info().project.use.baseURL,
    viewport: page.viewportSize(),
  })
  return context.newPage()
}

/** Choose the file in "Check a credential file" and send it; the server answers with the page. */
async function checkFile(page: Page, name: string, buffer: Buffer) {
  const section = page.getByRole('region', { name: 'Check a credential file' })
  await section.getByLabel('Credential file').setInputFiles({ name, mimeType: 'application/ld+json', buffer })
  await section.getByRole('button', { name: 'Check file' }).click()
  return section
}

test('a verified certificate: verdict first, its image, the credential; the credential checks valid, a changed copy not', async ({ page, browser }) => {
  await page.setViewportSize(viewports.mobile)
  const id = `E2E-${runTag().toUpperCase()}-VC`
  await importCertificate(page, `${id},Web Development,30 Days,Asha Verma,2025-03-26`)

  await page.goto(`/verify/${id}`)
  const verdict = page.getByRole('heading', { level: 2, name: 'Verified' })
  await expect(verdict).toBeVisible()
  await expect(page.getByText('Issued to Asha Verma on 26 Mar 2025 by')).toBeVisible()

  // The verdict leads, then the certificate's image (full width on a phone), then the details.
  const image = page.getByRole('img', { name: new RegExp(`^Certificate ${id} issued to Asha Verma for Web Development, 30 Days by `) })
  await expect(image).toBeVisible()
  const table = page.getByRole('table', { name: /certificate details/i })
  const [verdictBox, imageBox, tableBox] = await Promise.all([verdict.boundingBox(), image.boundingBox(), table.boundingBox()])
  expect(verdictBox!.y).toBeLessThan(imageBox!.y)
  expect(imageBox!.y).toBeLessThan(tableBox!.y)
  expect(imageBox!.width).toBeGreaterThan(viewports.mobile.width * 0.7)
  expect(imageBox!.x + imageBox!.width).toBeLessThanOrEqual(viewports.mobile.width)
  const png = await page.request.get((await image.getAttribute('src')) ?? '')
  expect(png.status()).toBe(200)
  expect(png.headers()['content-type']).toContain('image/png')
  await expect(table.getByRole('rowheader', { name: 'Certificate ID' })).toBeVisible()

  // The signed credential, as a verifier would fetch it.
  const link = page.getByRole('link', { name: 'Download verifiable credential' })
  await expect(link).toBeVisible()
  const href = (await link.getAttribute('href')) ?? ''
  expect(href).toBe(`/api/certificates/${id}/credential`)
  const download = await page.request.get(href)
  expect(download.status()).toBe(200)
  const credentialText = await download.text()
  const credential = JSON.parse(credentialText) as { type: string[]; credentialSubject: Record<string, unknown>; proof: unknown }
  expect(credential.type).toContain('OpenBadgeCredential')

  // The untouched file: valid, with issuer, holder and achievement.
  let section = await checkFile(page, 'credential.json', Buffer.from(credentialText, 'utf-8'))
  await expect(page).toHaveURL(new RegExp(`/verify/${id}$`))
  await expect(section.getByRole('heading', { level: 3, name: 'This credential is valid' })).toBeVisible()
  await expect(section.getByText('Asha Verma', { exact: true })).toBeVisible()
  await expect(section.getByRole('term').filter({ hasText: 'Issuer' })).toBeVisible()
  await expect(section.getByRole('term').filter({ hasText: 'Achievement' })).toBeVisible()

  // A copy with the holder's name changed: not valid, and why.
  const tampered = structuredClone(credential)
  const subject = tampered.credentialSubject as { name?: string; identifier?: unknown }
  subject.name = 'Someone Else'
  section = await checkFile(page, 'credential.json', Buffer.from(JSON.stringify(tampered), 'utf-8'))
  await expect(section.getByRole('heading', { level: 3, name: 'This credential is not valid' })).toBeVisible()
  await expect(section.getByText('It is not a credential we issued: it carries a field “name” in the subject, which our credentials never do.')).toBeVisible()
  // Issue 41.6: a reason once widened the page to 390 px at 360.
  expect(await sidewaysOverflow(page)).toEqual([])
  await expect(section.getByRole('heading', { level: 3, name: 'This credential is valid' })).toHaveCount(0)

  // With JavaScript: the same answers arrive without a reload; axe checks each state.
  const scripted = await scriptedPage(browser, page)
  await scripted.goto(`/verify/${id}`)
  await expect(scripted.getByRole('heading', { level: 2, name: 'Verified' })).toBeVisible()
  await expectNoAxeViolations(scripted)
  await scripted.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true))
  section = await checkFile(scripted, 'credential.json', Buffer.from(credentialText, 'utf-8'))
  await expect(section.getByRole('heading', { level: 3, name: 'This credential is valid' })).toBeVisible()
  await expectNoAxeViolations(scripted)
  section = await checkFile(scripted, 'credential.json', Buffer.from(JSON.stringify(tampered), 'utf-8'))
  await expect(section.getByRole('heading', { level: 3, name: 'This credential is not valid' })).toBeVisible()
  await expectNoAxeViolations(scripted)
  expect(await scripted.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true)
  await scripted.context().close()
})

test('a file that is not a credential, or too large, gets a clear message', async ({ page, browser }) => {
  await page.goto('/verify')
  let section = await checkFile(page, 'notes.json', Buffer.from('this is not JSON', 'utf-8'))
  await expect(section.getByRole('alert')).toContainText('This file is not JSON')

  section = await checkFile(page, 'other.json', Buffer.from(JSON.stringify({ hello: 'world' }), 'utf-8'))
  await expect(section.getByRole('alert')).toContainText('This file is not a credential')

  section = await checkFile(page, 'big.json', Buffer.alloc(256 * 1024 + 10, 0x20))
  await expect(section.getByRole('alert')).toContainText('larger than 256 KB')

  // Nothing chosen: the form still answers in words.
  await page.getByRole('region', { name: 'Check a credential file' }).getByRole('button', { name: 'Check file' }).click()
  await expect(page.getByRole('region', { name: 'Check a credential file' }).getByRole('alert')).toContainText('Choose a credential file')

  // With JavaScript: the refusal in the page, and the oversized file stopped before it is sent.
  const scripted = await scriptedPage(browser, page)
  await scripted.goto('/verify')
  await expectNoAxeViolations(scripted)
  section = await checkFile(scripted, 'notes.json', Buffer.from('this is not JSON', 'utf-8'))
  await expect(section.getByRole('alert')).toContainText('This file is not JSON')
  await expectNoAxeViolations(scripted)
  let posted = false
  scripted.on('request', (request) => {
    if (request.method() === 'POST') posted = true
  })
  section = await checkFile(scripted, 'big.json', Buffer.alloc(256 * 1024 + 10, 0x20))
  await expect(section.getByText(/larger than 256 KB/)).toBeVisible()
  await expect(section.getByLabel('Credential file')).toBeFocused()
  expect(posted).toBe(false)
  await scripted.context().close()
})
