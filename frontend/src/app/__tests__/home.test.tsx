import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { json, mockApi } from '@/test/api'
import { renderRoute } from '@/test/render'

describe('home route', () => {
  it('renders the hero, every section and the contact form', async () => {
    mockApi()
    renderRoute('/')

    expect(await screen.findByRole('heading', { level: 1, name: /build real software/i })).toBeInTheDocument()
    expect(screen.getAllByRole('link', { name: /explore courses/i })[0]).toHaveAttribute('href', '/courses')
    expect(screen.getAllByRole('link', { name: /get a quote/i })[0]).toHaveAttribute('href', '/getquote')

    for (const name of [/a small team of developers/i, /what we do/i, /our work in numbers/i, /start here/i, /have a project in mind/i, /contact us/i]) {
      expect(screen.getByRole('heading', { level: 2, name })).toBeInTheDocument()
    }
    expect(screen.getByRole('button', { name: /web development/i })).toHaveAttribute('aria-expanded', 'true')
    expect(screen.getByText('Projects delivered')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: /verify a certificate: certificate verification/i })).toHaveAttribute('href', '/verify')

    // Team comes from the API.
    expect(await screen.findByRole('heading', { name: 'Asha Verma' })).toBeInTheDocument()
    expect(screen.getByText('AV')).toBeInTheDocument()

    const contact = screen.getByRole('region', { name: /contact us/i })
    expect(within(contact).getByRole('button', { name: /send message/i })).toBeInTheDocument()
    expect(within(contact).queryByLabelText(/package/i)).not.toBeInTheDocument()
  })

  it('shows brand and contact details from the embedded settings without a request', async () => {
    const fetchMock = mockApi()
    renderRoute('/')
    await screen.findByRole('heading', { level: 1 })
    expect(screen.getAllByText('Example Academy').length).toBeGreaterThan(0)
    const footer = screen.getByRole('contentinfo')
    expect(within(footer).getByRole('link', { name: '+91 98765 43210' })).toHaveAttribute('href', 'tel:+919876543210')
    expect(within(footer).getByRole('link', { name: 'Instagram (opens in a new tab)' })).toHaveAttribute('rel', 'noopener noreferrer')
    expect(within(footer).getByRole('link', { name: 'Privacy policy' })).toHaveAttribute('href', '/privacy-policy')
    const urls = fetchMock.mock.calls.map(([input]) => new URL((input as Request).url).pathname)
    expect(urls).not.toContain('/api/site')
  })

  it('fetches the settings when the page has no bootstrap data', async () => {
    mockApi()
    renderRoute('/', { bootstrap: false })
    expect((await screen.findAllByText('Example Academy')).length).toBeGreaterThan(0)
  })

  it('hides the team section when there is nobody to show', async () => {
    mockApi({ 'GET /api/team': () => json([]) })
    renderRoute('/')
    await screen.findByRole('heading', { level: 1 })
    await screen.findByRole('heading', { name: /contact us/i })
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(screen.queryByRole('heading', { name: /meet the team/i })).not.toBeInTheDocument()
  })

  it('marks Home as the current page in the navigation', async () => {
    mockApi()
    renderRoute('/')
    await screen.findByRole('heading', { level: 1 })
    const current = screen.getAllByRole('link', { current: 'page' })
    expect(current.every((link) => link.textContent === 'Home')).toBe(true)
  })
})
