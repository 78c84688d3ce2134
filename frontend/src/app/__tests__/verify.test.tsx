import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'

import type { components } from '@/api/schema'
import { answerPage, json, mockApi, type RecordedApi } from '@/test/api'
import { renderRoute } from '@/test/render'
import { answering, credentialCases } from '@/test/upload-answers'

type Certificate = components['schemas']['CertificateOut']

const NOT_FOUND = 'Verification failed. This certification ID is invalid.'

function certificate(overrides: Partial<Certificate> = {}): Certificate {
  const id = overrides.certificate_id ?? 'WD-2025-0042'
  return {
    certificate_id: id,
    name: 'Asha Verma',
    domain: 'Web Development',
    duration: '30 Days',
    issue_date: '2025-03-26',
    status: 'valid',
    revoked_reason: '',
    verified: true,
    downloads: {
      certificate_png: `/Certificate/${id}.png`,
      certificate_pdf: `/Certificate/${id}.pdf`,
      letter_png: `/LOR/${id}.png`,
      letter_pdf: `/LOR/${id}.pdf`,
      credential: `/api/certificates/${id}/credential`,
    },
    verify_url: `https://example.test/verify/${id}`,
    ...overrides,
  }
}

const noDownloads = { certificate_png: null, certificate_pdf: null, letter_png: null, letter_pdf: null, credential: null }

function lookups(api: RecordedApi): string[] {
  return api.requests
    .map((request) => new URL(request.url).pathname)
    .filter((path) => path.startsWith('/api/pages/verify/'))
}

/** The details table as { row header: cell text }. */
function tableRows(): Record<string, string> {
  const table = screen.getByRole('table', { name: /certificate details/i })
  const rows: Record<string, string> = {}
  for (const row of within(table).getAllByRole('row')) {
    const header = within(row).getByRole('rowheader')
    rows[header.textContent ?? ''] = within(row).getByRole('cell').textContent ?? ''
  }
  return rows
}

// The first render loads the page's lazy module: give a busy machine time.
describe('verify route', { timeout: 20_000 }, () => {
  it('asks for an ID when the field is empty, without looking anything up', async () => {
    const api = mockApi()
    const user = userEvent.setup()
    renderRoute('/verify')
    expect(await screen.findByRole('heading', { level: 1, name: 'Verify a certificate' })).toBeInTheDocument()

    const field = screen.getByLabelText('Certificate ID')
    await user.type(field, '   ')
    await user.click(screen.getByRole('button', { name: 'Verify' }))

    const message = screen.getByText('Please enter a certificate ID')
    expect(message).toBeVisible()
    expect(message.closest('[aria-live]')).not.toBeNull()
    expect(field).toHaveAttribute('aria-invalid', 'true')
    expect(field).toHaveFocus()
    expect(lookups(api)).toEqual([])
  })

  it('trims and upper-cases the ID and moves to the shareable /verify/<ID>', async () => {
    const api = mockApi({ ...answerPage('verify', { certificate: certificate() }, '/api/pages/verify/WD-2025-0042') })
    const user = userEvent.setup()
    const { history } = renderRoute('/verify')
    await user.type(await screen.findByLabelText('Certificate ID'), '  wd-2025-0042 {Enter}')

    await waitFor(() => expect(history.location.pathname).toBe('/verify/WD-2025-0042'))
    expect(await screen.findByRole('heading', { level: 2, name: 'Verified' })).toBeInTheDocument()
    expect(lookups(api)).toEqual(['/api/pages/verify/WD-2025-0042'])
    expect(screen.getByLabelText('Certificate ID')).toHaveValue('WD-2025-0042')
  })

  it('shows the found record as a table, with "-" for empty fields and the tick image', async () => {
    mockApi({ ...answerPage('verify', { certificate: certificate({ certificate_id: 'PY-7', name: '', duration: ' ', issue_date: null }) }, '/api/pages/verify/PY-7') })
    renderRoute('/verify/PY-7')

    await screen.findByRole('table', { name: /certificate details/i })
    const rows = tableRows()
    expect(Object.keys(rows)).toEqual(['Name', 'Domain', 'Duration', 'Issue date', 'Issuer', 'Certificate ID', 'Verified'])
    expect(rows).toMatchObject({
      Name: '-',
      Domain: 'Web Development',
      Duration: '-',
      'Issue date': '-',
      Issuer: 'Example Academy',
      'Certificate ID': 'PY-7',
    })
    const tick = screen.getByRole('img', { name: 'Verified' })
    expect(tick.tagName).toBe('IMG')
    expect(tick.getAttribute('src')).toMatch(/verified-tick\.svg|^data:image\/svg/)
    expect(screen.queryByText('False')).not.toBeInTheDocument()
  })

  it('offers the downloads as real links, and the letter only when the server lists it', async () => {
    mockApi({ ...answerPage('verify', { certificate: certificate() }, '/api/pages/verify/WD-2025-0042') })
    renderRoute('/verify/WD-2025-0042')
    const png = await screen.findByRole('link', { name: /^certificate png/i })
    expect(png).toHaveAttribute('href', '/Certificate/WD-2025-0042.png')
    expect(screen.getByRole('link', { name: /^certificate pdf/i })).toHaveAttribute('href', '/Certificate/WD-2025-0042.pdf')
    expect(screen.getByRole('link', { name: /letter of recommendation png/i })).toHaveAttribute('href', '/LOR/WD-2025-0042.png')
    expect(screen.getByRole('link', { name: /letter of recommendation pdf/i })).toHaveAttribute('href', '/LOR/WD-2025-0042.pdf')
  })

  it('leads with the verdict, then the certificate image, the details and the credential download', async () => {
    mockApi({ ...answerPage('verify', { certificate: certificate() }, '/api/pages/verify/WD-2025-0042') })
    renderRoute('/verify/WD-2025-0042')
    const verdict = await screen.findByRole('heading', { level: 2, name: 'Verified' })
    expect(verdict.closest('[role="status"]')).not.toBeNull()
    expect(screen.getByText('Issued to Asha Verma on 26 Mar 2025 by Example Academy.')).toBeInTheDocument()

    const image = screen.getByRole('img', { name: /^Certificate WD-2025-0042 issued to Asha Verma/ })
    expect(image).toHaveAttribute('src', '/Certificate/WD-2025-0042.png')
    expect(image).toHaveAccessibleName('Certificate WD-2025-0042 issued to Asha Verma for Web Development, 30 Days by Example Academy')
    expect(image).toHaveClass('w-full', 'h-auto')
    const table = screen.getByRole('table', { name: /certificate details/i })
    // In reading order: verdict, image, details.
    expect(verdict.compareDocumentPosition(image) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    expect(image.compareDocumentPosition(table) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    expect(tableRows()).toMatchObject({ 'Issue date': '26 Mar 2025', Issuer: 'Example Academy', 'Certificate ID': 'WD-2025-0042' })

    const credential = screen.getByRole('link', { name: 'Download verifiable credential' })
    expect(credential).toHaveAttribute('href', '/api/certificates/WD-2025-0042/credential')
    expect(credential).toHaveAttribute('download', 'credential-WD-2025-0042.json')
  })

  it('offers no credential link when the server lists none', async () => {
    mockApi({ ...answerPage('verify', { certificate: certificate({ downloads: { ...certificate().downloads, credential: null } }) }, '/api/pages/verify/WD-2025-0042') })
    renderRoute('/verify/WD-2025-0042')
    await screen.findByRole('heading', { name: 'Verified' })
    expect(screen.getByRole('link', { name: /^certificate png/i })).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Download verifiable credential' })).not.toBeInTheDocument()
  })

  it('says "Not verified" for an Eliminated record, "Not awarded" in words and False, with no downloads or sharing', async () => {
    mockApi({
      ...answerPage('verify', { certificate: certificate({ certificate_id: 'EL-1', domain: 'Eliminated', verified: false, downloads: noDownloads }) }, '/api/pages/verify/EL-1'),
    })
    renderRoute('/verify/EL-1')
    expect(await screen.findByRole('heading', { level: 2, name: 'Not verified' })).toBeInTheDocument()
    await screen.findByRole('table', { name: /certificate details/i })
    expect(tableRows().Domain).toBe('Not awarded: the candidate did not complete the programme')
    expect(screen.queryByText('Eliminated')).not.toBeInTheDocument()
    expect(screen.queryByRole('img', { name: /^Certificate EL-1/ })).not.toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Download verifiable credential' })).not.toBeInTheDocument()
    expect(tableRows().Verified).toBe('False')
    expect(screen.queryByRole('img', { name: 'Verified' })).not.toBeInTheDocument()
    expect(screen.queryByRole('link', { name: /certificate png/i })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /copy link/i })).not.toBeInTheDocument()
  })

  it('says so in red when the ID is unknown', async () => {
    // No certificate has this ID: the page's answer carries the lookup's refusal (the default).
    mockApi()
    renderRoute('/verify/NOPE-1')
    const message = await screen.findByText(NOT_FOUND)
    expect(message.closest('p')).toHaveClass('text-danger')
    expect(message.closest('[role="status"]')).not.toBeNull()
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
  })

  it('says a revoked certificate has been revoked, with the reason', async () => {
    mockApi({
      ...answerPage('verify', { certificate: certificate({
            certificate_id: 'RV-1',
            status: 'revoked',
            revoked_reason: 'Issued in error.',
            verified: false,
            downloads: noDownloads,
          }), }, '/api/pages/verify/RV-1'),
    })
    renderRoute('/verify/RV-1')
    expect(await screen.findByRole('heading', { level: 2, name: 'Revoked' })).toBeInTheDocument()
    expect(screen.getByText('This certificate has been revoked.')).toBeInTheDocument()
    expect(screen.getByText('Reason: Issued in error.')).toBeInTheDocument()
    expect(tableRows().Verified).toBe('False')
    expect(screen.queryByRole('link', { name: /certificate png/i })).not.toBeInTheDocument()
  })

  it('shows the rate-limit message and lets the visitor retry', async () => {
    mockApi({
      'GET /api/pages/verify/WD-1': () =>
        json({ message: 'You have checked many certificates in a short time.', extra: { retry_after: 30 } }, 429),
    })
    renderRoute('/verify/WD-1')
    expect(await screen.findByText(/you have checked many certificates/i)).toBeInTheDocument()
    expect(screen.getByText(/try again in 30 seconds/i)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: /try again/i })).toBeInTheDocument()
  })

  it('copies the verify link and says so; a failure is said too', async () => {
    mockApi({ ...answerPage('verify', { certificate: certificate() }, '/api/pages/verify/WD-2025-0042') })
    const user = userEvent.setup()
    renderRoute('/verify/WD-2025-0042')
    const button = await screen.findByRole('button', { name: 'Copy link' })

    const writeText = vi.spyOn(navigator.clipboard, 'writeText')
    await user.click(button)
    expect(writeText).toHaveBeenCalledWith('https://example.test/verify/WD-2025-0042')
    expect(await screen.findByText('Successfully copied to clipboard!')).toBeInTheDocument()

    writeText.mockRejectedValueOnce(new Error('denied'))
    await user.click(button)
    expect(await screen.findByText(/could not copy the link/i)).toBeInTheDocument()
    expect(screen.queryByText('Successfully copied to clipboard!')).not.toBeInTheDocument()
  })

  it('links to LinkedIn "Add to profile" with the certificate filled in, in a new tab', async () => {
    mockApi({ ...answerPage('verify', { certificate: certificate() }, '/api/pages/verify/WD-2025-0042') })
    renderRoute('/verify/WD-2025-0042')
    const link = await screen.findByRole('link', { name: /add to profile/i })
    expect(link).toHaveAttribute('target', '_blank')
    expect(link).toHaveAttribute('rel', 'noopener')
    const url = new URL(link.getAttribute('href') ?? '')
    expect(url.origin + url.pathname).toBe('https://www.linkedin.com/profile/add')
    expect(Object.fromEntries(url.searchParams)).toEqual({
      startTask: 'CERTIFICATION_NAME',
      name: 'Web Development (30 Days)',
      organizationName: 'Example Academy',
      issueYear: '2025',
      issueMonth: '3',
      certUrl: 'https://example.test/verify/WD-2025-0042',
      certId: 'WD-2025-0042',
    })
  })

  it('opens /verify/<id> typed in small letters at the capitalised address', async () => {
    mockApi({ ...answerPage('verify', { certificate: certificate() }, '/api/pages/verify/WD-2025-0042') })
    const { history } = renderRoute('/verify/wd-2025-0042')
    await waitFor(() => expect(history.location.pathname).toBe('/verify/WD-2025-0042'))
    expect(await screen.findByRole('heading', { name: 'Verified' })).toBeInTheDocument()
  })

  it('handles an ID with "/" in it, kept inside one path segment', async () => {
    const api = mockApi({
      ...answerPage('verify', { certificate: certificate({ certificate_id: 'WD/2025/7' }) }, '/api/pages/verify/WD%2F2025%2F7'),
    })
    const user = userEvent.setup()
    const { history } = renderRoute('/verify')
    await user.type(await screen.findByLabelText('Certificate ID'), 'wd/2025/7{Enter}')
    expect(await screen.findByRole('heading', { name: 'Verified' })).toBeInTheDocument()
    expect(history.location.pathname).toBe('/verify/WD%2F2025%2F7')
    expect(lookups(api)).toEqual(['/api/pages/verify/WD%2F2025%2F7'])
    expect(tableRows()['Certificate ID']).toBe('WD/2025/7')
  })

  it('is also the /downloadCertificate page', async () => {
    mockApi()
    renderRoute('/downloadCertificate')
    expect(await screen.findByRole('heading', { level: 1, name: 'Download your certificate' })).toBeInTheDocument()
    expect(screen.getByLabelText('Certificate ID')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Verify' })).toBeInTheDocument()
  })
})

function credentialFile(text = '{"type": ["VerifiableCredential", "OpenBadgeCredential"]}', name = 'credential.json') {
  return new File([text], name, { type: 'application/json' })
}

async function upload(file: File) {
  const user = userEvent.setup({ applyAccept: false })
  await user.upload(await screen.findByLabelText('Credential file'), file)
  await user.click(screen.getByRole('button', { name: 'Check file' }))
}

/*
 * The page's half of each check (vitest-dev/vitest#9135): under jsdom the action cannot read
 * the posted file, so a stand-in answers what the real action answers to the API's answer,
 * and upload-actions.test.ts proves, in Node, that the real action sends the file to the API
 * and answers just that (src/test/upload-answers.ts).
 */
describe('check a credential file', { timeout: 20_000 }, () => {
  it('posts the file to the page’s action and says it is valid, with issuer, holder and achievement', async () => {
    const posts: Request[] = []
    mockApi()
    renderRoute('/verify', { actions: { verify: answering(credentialCases.valid, (request) => posts.push(request)) } })
    expect(await screen.findByRole('heading', { level: 2, name: 'Check a credential file' })).toBeInTheDocument()
    const input = screen.getByLabelText('Credential file')
    expect(input).toHaveAttribute('accept', '.json,application/json,application/ld+json')
    // The field the action reads the file from (upload-actions.test.ts posts it so).
    expect(input).toHaveAttribute('name', 'file')
    expect(input.closest('form')).toHaveAttribute('enctype', 'multipart/form-data')
    await upload(credentialFile('{"a": 1}'))

    const verdict = await screen.findByRole('heading', { level: 3, name: 'This credential is valid' })
    expect(verdict.closest('[role="status"]')).not.toBeNull()
    const facts = screen.getByText('Asha Verma', { selector: 'dd' }).closest('dl') as HTMLElement
    const terms = within(facts).getAllByRole('term').map((term) => term.textContent)
    expect(terms).toEqual(['Issuer', 'Holder', 'Achievement', 'Issued on'])
    expect(within(facts).getByText('Web Development (30 Days)')).toBeInTheDocument()
    expect(within(facts).getByText('Example Academy')).toBeInTheDocument()
    expect(within(facts).getByText('26 Mar 2025')).toBeInTheDocument()
    expect(posts.map((request) => [request.method, request.headers.get('Content-Type')?.split(';')[0]])).toEqual([
      ['POST', 'multipart/form-data'],
    ])
  })

  it('says "This credential is not valid" with the reason in words', async () => {
    mockApi()
    renderRoute('/verify', { actions: { verify: answering(credentialCases.notValid) } })
    await upload(credentialFile())
    expect(await screen.findByRole('heading', { level: 3, name: 'This credential is not valid' })).toBeInTheDocument()
    expect(screen.getByText('It is not a credential we issued: it carries a field “grade” in the subject, which our credentials never do.')).toBeInTheDocument()
    expect(screen.getByText('What the file says (not confirmed):')).toBeInTheDocument()
  })

  it('says "This credential has been revoked" with the reason', async () => {
    mockApi()
    renderRoute('/verify/WD-2025-0042', { actions: { 'verify-result': answering(credentialCases.revoked) } })
    await upload(credentialFile())
    expect(await screen.findByRole('heading', { level: 3, name: 'This credential has been revoked' })).toBeInTheDocument()
    expect(screen.getByText('The issuer has revoked this credential.')).toBeInTheDocument()
    expect(screen.getByText('Asha Verma', { selector: 'dd' })).toBeInTheDocument()
  })

  it.each([
    ['not_json', credentialCases.notJson, 'This file is not JSON', 'The file is not JSON.'],
    ['not_credential', credentialCases.notCredential, 'This file is not a credential', 'The file is not a credential: it has no credentialSubject.'],
    ['proof', credentialCases.proof, 'This credential’s proof is not one we can check', 'The proof is not a DataIntegrityProof (eddsa-rdfc-2022).'],
    ['unknown_key', credentialCases.unknownKey, 'This credential was not signed by us', 'The credential was signed by a key that is not ours.'],
  ])('a file the API refuses (%s) gets a clear message', async (_reason, refusal, title, message) => {
    mockApi()
    renderRoute('/verify', { actions: { verify: answering(refusal) } })
    await upload(credentialFile('not json'))
    const alert = await screen.findByText(title)
    expect(alert.closest('[role="alert"]')).not.toBeNull()
    expect(screen.getByText(message)).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: /^This credential (is valid|is not valid|has been revoked)$/ })).not.toBeInTheDocument()
  })

  it('the API refusing an oversized file (413) is said too', async () => {
    mockApi()
    renderRoute('/verify', { actions: { verify: answering(credentialCases.tooLarge) } })
    await upload(credentialFile())
    expect(await screen.findByText('This file is too large')).toBeInTheDocument()
  })

  it('refuses a file over 256 KB, or no file, before sending anything', async () => {
    const posts: Request[] = []
    mockApi()
    renderRoute('/verify', { actions: { verify: answering(credentialCases.valid, (request) => posts.push(request)) } })
    const user = userEvent.setup()
    await screen.findByLabelText('Credential file')
    await user.click(screen.getByRole('button', { name: 'Check file' }))
    expect(screen.getByText('Choose a credential file (.json) to check.')).toBeInTheDocument()
    expect(screen.getByLabelText('Credential file')).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByLabelText('Credential file')).toHaveFocus()

    await upload(credentialFile('x'.repeat(256 * 1024 + 1)))
    expect(screen.getByText(/The file is larger than 256 KB/)).toBeInTheDocument()
    expect(posts).toEqual([])
  })
})
