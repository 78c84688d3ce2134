import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'

import type { components } from '@/api/schema'
import { json, mockApi } from '@/test/api'
import { renderRoute } from '@/test/render'

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
    },
    verify_url: `https://example.test/verify/${id}`,
    ...overrides,
  }
}

const noDownloads = { certificate_png: null, certificate_pdf: null, letter_png: null, letter_pdf: null }

function lookups(fetchMock: ReturnType<typeof mockApi>): string[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL((input as Request).url).pathname)
    .filter((path) => path.startsWith('/api/certificates/'))
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
    const fetchMock = mockApi()
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
    expect(lookups(fetchMock)).toEqual([])
  })

  it('trims and upper-cases the ID and moves to the shareable /verify/<ID>', async () => {
    const fetchMock = mockApi({ 'GET /api/certificates/WD-2025-0042': () => json(certificate()) })
    const user = userEvent.setup()
    const { history } = renderRoute('/verify')
    await user.type(await screen.findByLabelText('Certificate ID'), '  wd-2025-0042 {Enter}')

    await waitFor(() => expect(history.location.pathname).toBe('/verify/WD-2025-0042'))
    expect(await screen.findByRole('heading', { level: 2, name: 'Certificate verified' })).toBeInTheDocument()
    expect(lookups(fetchMock)).toEqual(['/api/certificates/WD-2025-0042'])
    expect(screen.getByLabelText('Certificate ID')).toHaveValue('WD-2025-0042')
  })

  it('shows the found record as a table, with "-" for empty fields and the tick image', async () => {
    mockApi({ 'GET /api/certificates/PY-7': () => json(certificate({ certificate_id: 'PY-7', name: '', duration: ' ', issue_date: null })) })
    renderRoute('/verify/PY-7')

    await screen.findByRole('table', { name: /certificate details/i })
    const rows = tableRows()
    expect(Object.keys(rows)).toEqual(['Name', 'Domain', 'Duration', 'CertificateID', 'Verified'])
    expect(rows).toMatchObject({ Name: '-', Domain: 'Web Development', Duration: '-', CertificateID: 'PY-7' })
    const tick = screen.getByRole('img', { name: 'Verified' })
    expect(tick.tagName).toBe('IMG')
    expect(tick.getAttribute('src')).toMatch(/verified-tick\.svg|^data:image\/svg/)
    expect(screen.queryByText('False')).not.toBeInTheDocument()
  })

  it('offers the downloads as real links, and the letter only when the server lists it', async () => {
    mockApi({ 'GET /api/certificates/WD-2025-0042': () => json(certificate()) })
    renderRoute('/verify/WD-2025-0042')
    const png = await screen.findByRole('link', { name: /^certificate png/i })
    expect(png).toHaveAttribute('href', '/Certificate/WD-2025-0042.png')
    expect(screen.getByRole('link', { name: /^certificate pdf/i })).toHaveAttribute('href', '/Certificate/WD-2025-0042.pdf')
    expect(screen.getByRole('link', { name: /letter of recommendation png/i })).toHaveAttribute('href', '/LOR/WD-2025-0042.png')
    expect(screen.getByRole('link', { name: /letter of recommendation pdf/i })).toHaveAttribute('href', '/LOR/WD-2025-0042.pdf')
  })

  it('shows False for an Eliminated record, with no downloads or sharing', async () => {
    mockApi({
      'GET /api/certificates/EL-1': () =>
        json(certificate({ certificate_id: 'EL-1', domain: 'Eliminated', verified: false, downloads: noDownloads })),
    })
    renderRoute('/verify/EL-1')
    await screen.findByRole('table', { name: /certificate details/i })
    expect(tableRows().Verified).toBe('False')
    expect(screen.queryByRole('img', { name: 'Verified' })).not.toBeInTheDocument()
    expect(screen.queryByRole('link', { name: /certificate png/i })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /copy link/i })).not.toBeInTheDocument()
  })

  it('says so in red when the ID is unknown', async () => {
    mockApi({ 'GET /api/certificates/NOPE-1': () => json({ message: NOT_FOUND, extra: {} }, 404) })
    renderRoute('/verify/NOPE-1')
    const message = await screen.findByText(NOT_FOUND)
    expect(message.closest('p')).toHaveClass('text-danger')
    expect(message.closest('[role="status"]')).not.toBeNull()
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
  })

  it('says a revoked certificate has been revoked, with the reason', async () => {
    mockApi({
      'GET /api/certificates/RV-1': () =>
        json(
          certificate({
            certificate_id: 'RV-1',
            status: 'revoked',
            revoked_reason: 'Issued in error.',
            verified: false,
            downloads: noDownloads,
          }),
        ),
    })
    renderRoute('/verify/RV-1')
    expect(await screen.findByText('This certificate has been revoked.')).toBeInTheDocument()
    expect(screen.getByText('Reason: Issued in error.')).toBeInTheDocument()
    expect(tableRows().Verified).toBe('False')
    expect(screen.queryByRole('link', { name: /certificate png/i })).not.toBeInTheDocument()
  })

  it('shows the rate-limit message and lets the visitor retry', async () => {
    mockApi({
      'GET /api/certificates/WD-1': () =>
        json({ message: 'You have checked many certificates in a short time.', extra: { retry_after: 30 } }, 429),
    })
    renderRoute('/verify/WD-1')
    expect(await screen.findByText(/you have checked many certificates/i)).toBeInTheDocument()
    expect(screen.getByText(/try again in 30 seconds/i)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: /try again/i })).toBeInTheDocument()
  })

  it('copies the verify link and says so; a failure is said too', async () => {
    mockApi({ 'GET /api/certificates/WD-2025-0042': () => json(certificate()) })
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
    mockApi({ 'GET /api/certificates/WD-2025-0042': () => json(certificate()) })
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
    mockApi({ 'GET /api/certificates/WD-2025-0042': () => json(certificate()) })
    const { history } = renderRoute('/verify/wd-2025-0042')
    await waitFor(() => expect(history.location.pathname).toBe('/verify/WD-2025-0042'))
    expect(await screen.findByRole('heading', { name: 'Certificate verified' })).toBeInTheDocument()
  })

  it('handles an ID with "/" in it, kept inside one path segment', async () => {
    const fetchMock = mockApi({
      'GET /api/certificates/WD%2F2025%2F7': () => json(certificate({ certificate_id: 'WD/2025/7' })),
    })
    const user = userEvent.setup()
    const { history } = renderRoute('/verify')
    await user.type(await screen.findByLabelText('Certificate ID'), 'wd/2025/7{Enter}')
    expect(await screen.findByRole('heading', { name: 'Certificate verified' })).toBeInTheDocument()
    expect(history.location.pathname).toBe('/verify/WD%2F2025%2F7')
    expect(lookups(fetchMock)).toEqual(['/api/certificates/WD%2F2025%2F7'])
    expect(tableRows().CertificateID).toBe('WD/2025/7')
  })

  it('is also the /downloadCertificate page', async () => {
    mockApi()
    renderRoute('/downloadCertificate')
    expect(await screen.findByRole('heading', { level: 1, name: 'Download your certificate' })).toBeInTheDocument()
    expect(screen.getByLabelText('Certificate ID')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Verify' })).toBeInTheDocument()
  })
})
