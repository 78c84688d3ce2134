import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'

import * as catalog from '@/test/catalog-fixtures'
import { answerPage, json, mockApi, sentBodies, type RecordedApi } from '@/test/api'
import { renderRoute } from '@/test/render'

/** The paths the page asked Django for (GET /api/pages/…; the head is part of the page's answer). */
function pageCalls(api: RecordedApi): string[] {
  return api.requests
    .map((request) => new URL(request.url).pathname)
    .filter((path) => path.startsWith('/api/pages/') && path !== '/api/pages/head')
}

/** The figures band as { label: value }. */
function figureValues(section: HTMLElement): Record<string, string> {
  const values: Record<string, string> = {}
  for (const term of within(section).getAllByRole('term')) {
    values[term.textContent ?? ''] = term.nextElementSibling?.textContent ?? term.previousElementSibling?.textContent ?? ''
  }
  return values
}

beforeEach(() => {
  // A failed page logs its error (root.tsx's ErrorBoundary).
  vi.spyOn(console, 'error').mockImplementation(() => {})
})

describe('home route', () => {
  // The first test pays for loading the app's modules: allow for a busy machine.
  it('renders the hero, every section and the contact form', async () => {
    mockApi()
    renderRoute('/')

    expect(await screen.findByRole('heading', { level: 1, name: /build real software/i })).toBeInTheDocument()
    expect(screen.getAllByRole('link', { name: /explore courses/i })[0]).toHaveAttribute('href', '/courses')
    expect(screen.getAllByRole('link', { name: /get a quote/i })[0]).toHaveAttribute('href', '/getquote')

    for (const name of [/a small team of developers/i, /what we do/i, /at a glance/i, /start here/i, /have a project in mind/i, /contact us/i]) {
      expect(screen.getByRole('heading', { level: 2, name })).toBeInTheDocument()
    }
    expect(screen.getByRole('button', { name: /web development/i })).toHaveAttribute('aria-expanded', 'true')
    expect(screen.getByRole('link', { name: 'Verify a certificate: Certificate verification' })).toHaveAttribute('href', '/verify')

    // The figures are counted from the catalogue, not written by hand.
    const figures = screen.getByText('At a glance').closest('section') as HTMLElement
    expect(figureValues(figures)).toEqual({
      'Live online courses': '4',
      'Course fees from': '₹499',
      'Project packages': '3',
      'Internship domains open': '2',
    })
    expect(within(figures).queryByText(/projects delivered|students trained/i)).not.toBeInTheDocument()

    // Team comes from the API.
    expect(await screen.findByRole('heading', { name: 'Asha Verma' })).toBeInTheDocument()
    expect(screen.getByText('AV')).toBeInTheDocument()

    const contact = screen.getByRole('region', { name: /contact us/i })
    expect(within(contact).getByRole('button', { name: /send message/i })).toBeInTheDocument()
    expect(within(contact).queryByLabelText(/package/i)).not.toBeInTheDocument()
  }, 15_000)

  it('says what projects start from with the cheapest package’s price as the API writes it, and nothing when none is listed', async () => {
    mockApi()
    const { unmount } = renderRoute('/')
    const hero = (await screen.findByRole('heading', { level: 1, name: /build real software/i })).closest('section')!
    expect(await within(hero).findByText('Projects from $30 (US dollars)')).toBeInTheDocument()
    unmount()

    mockApi({ ...answerPage('home', () => ({ packages: [] })) })
    renderRoute('/')
    const bare = (await screen.findByRole('heading', { level: 1, name: /build real software/i })).closest('section')!
    expect(within(bare).getByText('Certificates you can verify')).toBeInTheDocument()
    expect(within(bare).queryByText(/projects from/i)).not.toBeInTheDocument()
  })

  it('shows brand and contact details from the settings the page came with, without another request', async () => {
    const api = mockApi()
    renderRoute('/')
    expect(await screen.findByRole('heading', { name: 'Asha Verma' })).toBeInTheDocument()
    await screen.findByRole('heading', { level: 1 })
    expect(screen.getAllByText('Example Academy').length).toBeGreaterThan(0)
    const footer = screen.getByRole('contentinfo')
    expect(within(footer).getByRole('link', { name: '+91 98765 43210' })).toHaveAttribute('href', 'tel:+919876543210')
    expect(within(footer).getByRole('link', { name: 'Instagram (opens in a new tab)' })).toHaveAttribute('rel', 'noopener noreferrer')
    expect(within(footer).getByRole('link', { name: 'Privacy policy' })).toHaveAttribute('href', '/privacy-policy')
    // One request into Django brought everything: the settings, the visitor, every section.
    expect(pageCalls(api)).toEqual(['/api/pages/home'])
    expect(api.requests.map((request) => new URL(request.url).pathname)).toEqual(['/api/pages/home'])
  })

  it('shows the error page, inside the header and footer, when the page’s data cannot be loaded', async () => {
    mockApi({ 'GET /api/pages/home': () => json({ message: 'Server error.', extra: {} }, 500) })
    renderRoute('/')
    expect(await screen.findByRole('heading', { level: 1, name: 'This page could not be loaded' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: /try again/i })).toBeInTheDocument()
    expect(screen.queryByRole('heading', { level: 1, name: /build real software/i })).not.toBeInTheDocument()
    expect(screen.getByRole('contentinfo')).toBeInTheDocument()
  })

  it('leaves out a figure with nothing to count, and the whole band when no figure has one', async () => {
    const closed = catalog.internshipDomains.map((domain) => ({ ...domain, is_open: false }))
    mockApi({ ...answerPage('home', () => ({ courses: [], domains: closed })) })
    const { unmount } = renderRoute('/')
    const figures = await screen.findByRole('region', { name: /at a glance/i })
    expect(figureValues(figures)).toEqual({ 'Project packages': '3' })
    expect(within(figures).queryByText('Loading…')).not.toBeInTheDocument()
    unmount()

    mockApi({ ...answerPage('home', () => ({ courses: [], domains: closed, packages: [] })) })
    renderRoute('/')
    await screen.findByRole('heading', { level: 1, name: /build real software/i })
    expect(screen.queryByRole('region', { name: /at a glance/i })).not.toBeInTheDocument()
  })

  it('builds avatar initials from the letters of the name only', async () => {
    mockApi({
      ...answerPage('home', () => ({ team: [{ name: 'Founder Name (placeholder)', role: 'Founder', bio: '', photo_url: null }] })),
    })
    renderRoute('/')
    expect(await screen.findByRole('heading', { name: 'Founder Name (placeholder)' })).toBeInTheDocument()
    expect(screen.getByText('FN')).toBeInTheDocument()
    expect(screen.queryByText(/\(/, { selector: 'span[aria-hidden="true"]' })).not.toBeInTheDocument()
  })

  it('hides the team section when there is nobody to show', async () => {
    mockApi({ ...answerPage('home', () => ({ team: [] })) })
    renderRoute('/')
    await screen.findByRole('heading', { level: 1 })
    expect(screen.getByRole('heading', { name: /contact us/i })).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: /meet the team/i })).not.toBeInTheDocument()
  })

  it('marks Home as the current page in the navigation', async () => {
    mockApi()
    renderRoute('/')
    await screen.findByRole('heading', { level: 1 })
    const current = screen.getAllByRole('link', { current: 'page' })
    expect(current.every((link) => link.textContent === 'Home')).toBe(true)
  })

  it('sends the contact form through the page’s action, thanks and empties it, without loading the page again', async () => {
    const api = mockApi({ 'POST /api/enquiries': () => json({ message: 'Thank you! We will reply by email.' }, 201) })
    const user = userEvent.setup()
    renderRoute('/')
    const contact = await screen.findByRole('region', { name: /contact us/i })
    await user.type(within(contact).getByLabelText(/^name/i), 'Priya Sharma')
    await user.type(within(contact).getByLabelText(/^email/i), 'priya@example.com')
    await user.type(within(contact).getByLabelText(/^subject/i), 'Course timings')
    await user.type(within(contact).getByLabelText(/^message/i), 'Are weekend batches available?')
    const before = pageCalls(api).length
    await user.click(within(contact).getByRole('button', { name: /send message/i }))

    expect(await within(contact).findByText('Thank you! We will reply by email.')).toBeInTheDocument()
    expect(within(contact).getByLabelText(/^name/i)).toHaveValue('')
    expect(await sentBodies(api, 'POST /api/enquiries')).toEqual([
      {
        kind: 'contact',
        name: 'Priya Sharma',
        email: 'priya@example.com',
        phone: '',
        subject: 'Course timings',
        message: 'Are weekend batches available?',
        package: null,
        website: '',
      },
    ])
    expect(pageCalls(api)).toHaveLength(before)
  })
})
