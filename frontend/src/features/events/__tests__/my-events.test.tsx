import { render, screen } from '@testing-library/react'
import { createRoutesStub } from 'react-router'
import { describe, expect, it } from 'vitest'

import { MyEvents, type MyEvent } from '@/features/events/my-events'

const waiting: MyEvent = {
  reference: 'REG-ABC234',
  event: 'BGMI Cup: Squad Match',
  team: 'Night Owls',
  status: 'pending',
  status_display: 'Waiting for payment',
  route: '/bgmi-cup',
  checked_in: false,
  certificate_id: '',
}

function renderEvents(events: MyEvent[]) {
  const Stub = createRoutesStub([
    { path: '/dashboard', Component: () => <MyEvents headingId="h" events={events} status={(event) => <span>{event.status_display}</span>} /> },
  ])
  return render(<Stub initialEntries={['/dashboard']} />)
}

describe('MyEvents', () => {
  it('lists the event’s title, the team and the status, with the way back to paying', async () => {
    renderEvents([waiting])
    expect(await screen.findByRole('heading', { name: 'My events' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'BGMI Cup: Squad Match' })).toBeInTheDocument()
    expect(screen.getByText('Night Owls')).toBeInTheDocument()
    expect(screen.getByText('Waiting for payment')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: /Pay or submit UTR/ })).toHaveAttribute('href', '/bgmi-cup?enrolment=REG-ABC234')
  })

  it('links the certificate once issued', async () => {
    renderEvents([{ ...waiting, status: 'confirmed', status_display: 'Confirmed', checked_in: true, certificate_id: 'EVT-2026-7KQ2MX' }])
    expect(await screen.findByRole('link', { name: /Certificate EVT-2026-7KQ2MX/ })).toHaveAttribute('href', '/verify/EVT-2026-7KQ2MX')
    expect(screen.getByText('Checked in')).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: /Pay or submit UTR/ })).not.toBeInTheDocument()
  })

  it('is not shown without a registration', () => {
    renderEvents([])
    expect(screen.queryByRole('heading', { name: 'My events' })).not.toBeInTheDocument()
  })
})
