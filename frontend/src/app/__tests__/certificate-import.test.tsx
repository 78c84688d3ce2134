import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'

import type { components } from '@/api/schema'
import { mockApi } from '@/test/api'
import { renderRoute } from '@/test/render'

type ImportReport = components['schemas']['ImportReportOut']
type UserOut = components['schemas']['UserOut']

const staff: UserOut = {
  name: 'Staff Member',
  phone: '+919000000099',
  phone_display: '+91 90000 00099',
  email: 'staff@example.com',
  phone_confirmed: true,
  referral_code: 'STAFF1',
  is_staff: true,
  can_import_certificates: true,
}

function renderImport(user: UserOut | null) {
  return renderRoute('/test', { user })
}

function report(overrides: Partial<ImportReport> = {}): ImportReport {
  return {
    dry_run: true,
    rows: 3,
    created: 2,
    updated: 1,
    unchanged: 0,
    created_ids: ['WD-1', 'WD-2'],
    updated_ids: ['WD-3'],
    unchanged_ids: [],
    error_count: 0,
    errors: [],
    errors_truncated: false,
    warnings: [],
    imported: false,
    ...overrides,
  }
}

type Sent = { dryRun: string | null; file: File | null; csrf: string | undefined; url: string }
type Answer = { status: number; body: unknown }

/**
 * XMLHttpRequest at the network boundary: each send() is answered by `respond`, after
 * reporting the upload's progress.
 */
function mockXhr(respond: (sent: Sent) => Answer) {
  const sent: Sent[] = []
  class FakeXhr {
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null }
    onload: (() => void) | null = null
    onerror: (() => void) | null = null
    ontimeout: (() => void) | null = null
    onabort: (() => void) | null = null
    status = 0
    responseText = ''
    private url = ''
    private headers: Record<string, string> = {}
    open(_method: string, url: string) {
      this.url = url
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value
    }
    send(body: FormData) {
      const file = body.get('file')
      const request: Sent = {
        dryRun: body.get('dry_run') as string | null,
        file: file instanceof File ? file : null,
        csrf: this.headers['X-CSRFToken'],
        url: this.url,
      }
      sent.push(request)
      // Answers once the caller's code has run on, like a network would, without a timer.
      queueMicrotask(() => {
        this.upload.onprogress?.({ loaded: 5, total: 10, lengthComputable: true } as ProgressEvent)
        const answer = respond(request)
        this.status = answer.status
        this.responseText = JSON.stringify(answer.body)
        this.onload?.()
      })
    }
    abort() {
      this.onabort?.()
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr)
  return sent
}

const csv = () => new File(['CertificateID,Course,Duration,Name\nA-1,Web,30 Days,Asha\n'], 'certificates.csv', { type: 'text/csv' })

// The first render loads the page's lazy module: give a busy machine time.
describe('/test (certificate import)', { timeout: 20_000 }, () => {
  it('shows the staff-only page, with no upload control, to a logged-in non-staff visitor', async () => {
    mockApi()
    renderImport({ ...staff, is_staff: false, can_import_certificates: false })
    expect(await screen.findByRole('heading', { level: 1, name: 'Access denied' })).toBeInTheDocument()
    expect(document.querySelector('input[type="file"]')).toBeNull()
    expect(screen.queryByRole('button', { name: /check file|import/i })).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: /back to home/i })).toHaveAttribute('href', '/')
  })

  it('shows the staff-only page to staff without the certificate permissions', async () => {
    mockApi()
    renderImport({ ...staff, can_import_certificates: false })
    expect(await screen.findByRole('heading', { level: 1, name: 'Access denied' })).toBeInTheDocument()
    expect(document.querySelector('input[type="file"]')).toBeNull()
  })

  it('sends an anonymous visitor to log in first, and back here after', async () => {
    mockApi()
    const { history } = renderImport(null)
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument()
    expect(document.querySelector('input[type="file"]')).toBeNull()
    await waitFor(() => expect(history.location.pathname).toBe('/login'))
    expect(history.location.search).toBe('?next=%2Ftest')
  })

  it('explains the columns and keeps Import disabled until a file passes the check', async () => {
    mockApi()
    renderImport(staff)
    expect(await screen.findByRole('heading', { level: 1, name: 'Import certificates' })).toBeInTheDocument()
    const input = screen.getByLabelText('CSV file')
    expect(input).toHaveAttribute('type', 'file')
    expect(input).toHaveAttribute('accept', '.csv,text/csv')
    const format = screen.getByRole('complementary', { name: /file format/i })
    for (const column of ['CertificateID', 'Course', 'Duration', 'Name']) expect(within(format).getByText(column)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: /^import/i })).toBeDisabled()
  })

  it('runs the dry run, shows the counts, then imports the same file', async () => {
    document.cookie = 'csrftoken=tok123; path=/'
    mockApi()
    const sent = mockXhr(({ dryRun }) =>
      dryRun === 'true'
        ? { status: 200, body: report({ warnings: ['Ignored column: Notes.'] }) }
        : { status: 200, body: report({ dry_run: false, imported: true }) },
    )
    const user = userEvent.setup()
    renderImport(staff)
    const file = csv()
    await user.upload(await screen.findByLabelText('CSV file'), file)
    expect(screen.getByText('certificates.csv')).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: /check file/i }))
    expect(await screen.findByText('The file is ready to import')).toBeInTheDocument()
    const figureList = screen.getByText('Rows in the file').closest('dl') as HTMLElement
    const figures = within(figureList).getAllByRole('term').map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent ?? term.previousElementSibling?.textContent}`)
    expect(figures).toEqual(['Rows in the file: 3', 'New (to create): 2', 'Updated (to change): 1', 'Unchanged: 0'])
    expect(screen.getByText('Ignored column: Notes.')).toBeInTheDocument()
    // Which IDs, not only how many.
    const ids = screen.getByRole('region', { name: 'Which certificates the import will touch' })
    const created = within(ids).getByRole('region', { name: 'New: will be created (2)' })
    expect(within(created).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['WD-1', 'WD-2'])
    const updated = within(ids).getByRole('region', { name: 'Updated: will be changed (1)' })
    expect(within(updated).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['WD-3'])
    expect(within(ids).queryByRole('region', { name: /^Unchanged/ })).toBeNull()
    expect(sent).toHaveLength(1)
    expect(sent[0]).toMatchObject({ dryRun: 'true', csrf: 'tok123', url: '/api/certificates/import' })
    expect(sent[0]?.file?.name).toBe('certificates.csv')

    const importButton = screen.getByRole('button', { name: 'Import 3 records' })
    expect(importButton).toBeEnabled()
    await user.click(importButton)
    expect(await screen.findByText('Import complete')).toBeInTheDocument()
    expect(screen.getByText(/3 records imported: 2 new, 1 updated, 0 unchanged/)).toBeInTheDocument()
    expect(screen.getByRole('region', { name: 'Which certificates were imported' })).toHaveTextContent('New: created (2)WD-1WD-2')
    expect(sent[1]).toMatchObject({ dryRun: 'false' })
    expect(sent[1]?.file?.name).toBe('certificates.csv')
    expect(sent[1]?.file?.size).toBe(file.size)
    expect(screen.getByRole('button', { name: 'Import 3 records' })).toBeDisabled()
  })

  it('lists the first IDs of a long count with "… and N more"', async () => {
    mockApi()
    const first = Array.from({ length: 50 }, (_, index) => `ID-${String(index).padStart(5, '0')}`)
    mockXhr(() => ({ status: 200, body: report({ rows: 1300, created: 1200, updated: 0, unchanged: 100, created_ids: first, updated_ids: [], unchanged_ids: first.slice(0, 50) }) }))
    const user = userEvent.setup()
    renderImport(staff)
    await user.upload(await screen.findByLabelText('CSV file'), csv())
    await user.click(screen.getByRole('button', { name: /check file/i }))

    const created = await screen.findByRole('region', { name: 'New: will be created (1,200)' })
    expect(within(created).getAllByRole('listitem')).toHaveLength(50)
    expect(created).toHaveTextContent('… and 1,150 more (the first 50 are listed).')
    const unchanged = screen.getByRole('region', { name: 'Unchanged: will be left as they are (100)' })
    expect(unchanged).toHaveTextContent('… and 50 more')
  })

  it('lists every bad row with its line, and "… and N more" when the list is cut; Import stays off', async () => {
    mockApi()
    mockXhr(() => ({
      status: 422,
      body: {
        message: '250 rows have errors. Nothing was imported. Correct the file and try again.',
        extra: {
          reason: 'rows',
          report: report({
            rows: 400,
            created: 150,
            updated: 0,
            unchanged: 0,
            error_count: 250,
            errors: [
              { line: 3, certificate_id: 'A-1', message: 'CertificateID A-1 appears twice in the file (lines 2 and 3).' },
              { line: 7, certificate_id: '', message: 'CertificateID is empty.' },
            ],
            errors_truncated: true,
          }),
        },
      },
    }))
    const user = userEvent.setup()
    renderImport(staff)
    await user.upload(await screen.findByLabelText('CSV file'), csv())
    await user.click(screen.getByRole('button', { name: /check file/i }))

    expect(await screen.findByText('Some rows have errors')).toBeInTheDocument()
    expect(screen.getByText(/250 rows have errors\. Nothing was imported/)).toBeInTheDocument()
    const table = screen.getByRole('table')
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))
    expect(rows).toEqual([
      ['3', 'A-1', 'CertificateID A-1 appears twice in the file (lines 2 and 3).'],
      ['7', '-', 'CertificateID is empty.'],
    ])
    expect(screen.getByText(/… and 248 more rows with errors/)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: /^import/i })).toBeDisabled()
  })

  it.each([
    ['not_csv', 'This is not a CSV file', 'The file is not a CSV file (it looks like an Excel workbook (.xlsx)).'],
    ['encoding', 'The file is not UTF-8 text', 'The file is not UTF-8 text. Save it as CSV UTF-8 and try again.'],
    ['empty', 'There is nothing to import', 'The file is empty.'],
    ['headers', 'The header line is not right', 'The header line is missing the column Name.'],
    ['too_large', 'The file is too large', 'The file is larger than 20 MB.'],
  ])('shows the server message for a refused file (%s)', async (reason, title, message) => {
    mockApi()
    mockXhr(() => ({ status: 422, body: { message, extra: { reason, report: report({ rows: 0, created: 0, updated: 0 }) } } }))
    const user = userEvent.setup()
    renderImport(staff)
    await user.upload(await screen.findByLabelText('CSV file'), csv())
    await user.click(screen.getByRole('button', { name: /check file/i }))
    expect(await screen.findByText(title)).toBeInTheDocument()
    expect(screen.getByText(message)).toBeInTheDocument()
    expect(screen.getByText('Nothing was imported.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: /^import/i })).toBeDisabled()
  })

  it('forgets the report when another file is chosen', async () => {
    mockApi()
    mockXhr(() => ({ status: 200, body: report() }))
    const user = userEvent.setup()
    renderImport(staff)
    const input = await screen.findByLabelText('CSV file')
    await user.upload(input, csv())
    await user.click(screen.getByRole('button', { name: /check file/i }))
    expect(await screen.findByText('The file is ready to import')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Import 3 records' })).toBeEnabled()

    await user.upload(input, new File(['x'], 'other.csv', { type: 'text/csv' }))
    await waitFor(() => expect(screen.queryByText('The file is ready to import')).not.toBeInTheDocument())
    expect(screen.queryByText('Rows in the file')).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: /^import/i })).toBeDisabled()
  })
})
