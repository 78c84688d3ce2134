import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'

import { mockApi } from '@/test/api'
import { renderRoute } from '@/test/render'

describe('not-found route', () => {
  it('renders for an unknown path with a link back home', async () => {
    mockApi()
    const { history } = renderRoute('/no-such-page')
    expect(await screen.findByRole('heading', { level: 1, name: /couldn’t find that page/i })).toBeInTheDocument()
    // In the site's frame: the header names the brand (GET /api/pages/basic).
    expect(within(screen.getByRole('banner')).getByText('Example Academy')).toBeInTheDocument()
    const home = screen.getByRole('link', { name: /back to home/i })
    expect(home).toHaveAttribute('href', '/')

    await userEvent.click(home)
    expect(await screen.findByRole('heading', { level: 1, name: /build real software/i })).toBeInTheDocument()
    expect(history.location.pathname).toBe('/')
  })

  // Case-sensitive matching is the route table's (caseSensitive in src/routes.ts); React
  // Router's test stub drops that flag, so e2e/routes.spec.ts checks it on the real server.

  it('moves focus to the new page heading after navigating', async () => {
    mockApi()
    renderRoute('/no-such-page')
    await userEvent.click(await screen.findByRole('link', { name: /back to home/i }))
    const heading = await screen.findByRole('heading', { level: 1, name: /build real software/i })
    await waitFor(() => expect(heading).toHaveFocus())
  })
})
