import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'

import { answerPage, json, mockApi } from '@/test/api'
import { renderRoute } from '@/test/render'

/** The API's answer for a thing the catalogue does not have. */

describe('internship route', () => {
  it('links every open domain to its application page and shows the closed ones disabled with the reason', async () => {
    mockApi()
    renderRoute('/internship')
    expect(await screen.findByRole('heading', { level: 1, name: 'Internships' })).toBeInTheDocument()

    const web = await screen.findByRole('link', { name: 'Apply Now: Web Development internship' })
    expect(web).toHaveAttribute('href', '/internship/apply/web-development')
    expect(web).not.toHaveAttribute('target')
    const iot = screen.getByRole('link', { name: 'Apply Now: Internet of Things internship' })
    expect(iot).toHaveAttribute('href', '/internship/apply/iot')
    expect(screen.getAllByRole('link', { name: /^apply now/i })).toHaveLength(2)
    expect((iot.closest('article') as HTMLElement).textContent).toContain('2 Months')

    const python = screen.getByRole('heading', { name: 'Python' }).closest('article') as HTMLElement
    const apply = within(python).getByRole('button', { name: 'Apply Now' })
    expect(apply).toHaveAttribute('aria-disabled', 'true')
    expect(apply).toHaveAccessibleDescription('Applications are not open yet.')
    expect(within(python).getByText('Applications are not open yet.')).toBeVisible()
  })
})

describe('projects route', () => {
  it('shows each package with its price in dollars and a Get Quote link', async () => {
    mockApi()
    renderRoute('/projects')
    const quote = await screen.findByRole('link', { name: 'Get Quote: IoT Project' })
    expect(quote).toHaveAttribute('href', '/getquote?package=iot-project')
    const card = quote.closest('article') as HTMLElement
    expect(within(card).getByText('$30')).toBeInTheDocument()
    expect(within(card).getByRole('list', { name: 'IoT Project includes' })).toHaveTextContent('Sensors')
    expect(screen.getAllByRole('link', { name: /^get quote/i })).toHaveLength(3)
  })
})

describe('training route', () => {
  it('shows the programme table', async () => {
    mockApi()
    renderRoute('/training-and-internship')
    const table = await screen.findByRole('table')
    expect(within(table).getByRole('rowheader', { name: 'Live Projects' })).toBeInTheDocument()
    expect(within(table).getByRole('cell', { name: 'Duration varies' })).toBeInTheDocument()
  })
})

describe('events route', () => {
  it('splits upcoming and past events, disables Register with the reason and links to event pages', async () => {
    mockApi()
    renderRoute('/events')
    const upcoming = await screen.findByRole('region', { name: 'Upcoming events' })
    const past = screen.getByRole('region', { name: 'Past events' })
    expect(within(upcoming).getByRole('heading', { name: 'Coding Competition' })).toBeInTheDocument()
    expect(within(upcoming).getByRole('button', { name: 'Register Now' })).toHaveAccessibleDescription('Registration is not open yet.')

    const buttons = within(past).getAllByRole('button', { name: 'Register Now' })
    expect(buttons).toHaveLength(2)
    for (const button of buttons) {
      expect(button).toHaveAttribute('aria-disabled', 'true')
      expect(button).toHaveAccessibleDescription('This event has ended.')
    }
    expect(within(past).getAllByText('This event has ended.')).toHaveLength(2)
    expect(within(past).getByRole('link', { name: 'Event details: Web Development Hackathon' })).toHaveAttribute('href', '/hackathon')
    expect(within(past).getByRole('link', { name: 'See the tournaments: BGMI Tournaments' })).toHaveAttribute('href', '/BGMI-Events')
    expect(within(past).getByText('26–27 Mar 2024')).toBeInTheDocument()
  })
})

describe('BGMI events route', () => {
  it('lists each tournament with date, entry fee per team, prize pool and status', async () => {
    mockApi()
    renderRoute('/BGMI-Events')
    expect(await screen.findByRole('heading', { level: 1, name: 'BGMI Tournaments' })).toBeInTheDocument()
    const table = await screen.findByRole('table')
    const row = within(table).getByRole('rowheader', { name: 'BGMI Championship' }).closest('tr') as HTMLElement
    expect(within(row).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      '10 Oct 2023',
      '₹50 per team',
      '₹500 (1st) / ₹300 (2nd)',
      'Ended',
    ])
    expect(screen.getByRole('button', { name: 'Register Now' })).toHaveAccessibleDescription('This event has ended.')
  })

  it('is the not-found page when no event has this page path', async () => {
    mockApi(answerPage('path', () => json({ message: 'No page at this address.', extra: {} }, 404)))
    renderRoute('/BGMI-Events')
    expect(await screen.findByRole('heading', { level: 1, name: /couldn’t find that page/i })).toBeInTheDocument()
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
  })
})

describe('hackathon route', () => {
  it('shows the dates, the fee and the details', async () => {
    mockApi()
    renderRoute('/hackathon')
    const facts = await screen.findByRole('region', { name: /at a glance/i })
    expect(within(facts).getByText('26–27 Mar 2024')).toBeInTheDocument()
    expect(within(facts).getByText('₹99 registration')).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 2, name: 'About' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'All events' })).toHaveAttribute('href', '/events')
  })

  it('asks Django about the path exactly as it came', async () => {
    const api = mockApi()
    renderRoute('/hackathon')
    await screen.findByRole('region', { name: /at a glance/i })
    const asked = api.requests.map((request) => new URL(request.url)).filter((url) => url.pathname === '/api/pages/path')
    expect(asked.map((url) => url.searchParams.get('path'))).toEqual(['/hackathon'])
  })
})

describe('policy route', () => {
  it.each([
    ['/t&c', 'Terms and Conditions', 'Project terms'],
    ['/privacy-policy', 'Privacy Policy', 'Children under 13'],
  ])('%s shows its title, last-updated date, contents and body', async (path, title, section) => {
    mockApi()
    renderRoute(path)
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument()
    expect(screen.getByText('1 April 2023').tagName).toBe('TIME')
    const contents = screen.getByRole('navigation', { name: 'On this page' })
    const link = within(contents).getByRole('link', { name: section })
    const target = document.getElementById(link.getAttribute('href')?.slice(1) ?? '')
    expect(target).toHaveTextContent(section)
  })

  it('renders the server’s HTML, not escaped text', async () => {
    mockApi()
    renderRoute('/t&c')
    const strong = await screen.findByText('Rs. 2,000 per hour')
    expect(strong.tagName).toBe('STRONG')
  })

  it('leaves the contents out when a policy has no sections', async () => {
    mockApi()
    renderRoute('/refund-and-cancellation-policy')
    expect(await screen.findByText(/no refunds, except/i)).toBeInTheDocument()
    expect(screen.queryByRole('navigation', { name: 'On this page' })).not.toBeInTheDocument()
  })

  it('says so when the catalogue has no such policy', async () => {
    mockApi(answerPage('policy', { policy: null }))
    renderRoute('/t&c')
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms and conditions' })).toBeInTheDocument()
    expect(screen.getByRole('alert')).toHaveTextContent('We could not find this policy.')
    expect(screen.queryByRole('navigation', { name: 'On this page' })).not.toBeInTheDocument()
  })
})

describe('about route', () => {
  it('shows the summary and the body', async () => {
    mockApi()
    renderRoute('/about')
    expect(await screen.findByText('A software-services and training company.')).toBeInTheDocument()
    expect(await screen.findByRole('heading', { level: 2, name: 'Who we are' })).toBeInTheDocument()
  })

  it('says so when there is no about text', async () => {
    mockApi(answerPage('about', { about: null }))
    renderRoute('/about')
    expect(await screen.findByRole('heading', { level: 1, name: 'About us' })).toBeInTheDocument()
    expect(screen.getByRole('alert')).toHaveTextContent('We could not find this page.')
  })
})

describe('portfolio route', () => {
  it('lists the items and filters them by kind', async () => {
    mockApi()
    renderRoute('/portfolio')
    expect(await screen.findByRole('heading', { name: 'Online shop' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: /view the project: online shop \(opens in a new tab\)/i })).toHaveAttribute(
      'href',
      'https://shop.example',
    )
    const iot = screen.getByRole('button', { name: 'IoT' })
    await userEvent.click(iot)
    expect(iot).toHaveAttribute('aria-pressed', 'true')
    expect(screen.queryByRole('heading', { name: 'Online shop' })).not.toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Smart irrigation' })).toBeInTheDocument()
  })
})
