import { render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'

import { RouteError } from '@/app/route-error'
import { RequestIdContext } from '@/lib/request-id'

/* The error page shows the request's id (server/observability.mjs) so it can be quoted. */
describe('the error page', () => {
  it('shows the request id to quote to staff', () => {
    render(
      <MemoryRouter>
        <RequestIdContext value="0d69ee94-925a-4efb-aadd-8b1a981608cd">
          <RouteError />
        </RequestIdContext>
      </MemoryRouter>,
    )

    expect(screen.getByText(/quote this reference/i)).toHaveTextContent('0d69ee94-925a-4efb-aadd-8b1a981608cd')
  })

  it('says nothing of a reference when there is none', () => {
    render(
      <MemoryRouter>
        <RouteError />
      </MemoryRouter>,
    )

    expect(screen.queryByText(/reference/i)).not.toBeInTheDocument()
  })
})
