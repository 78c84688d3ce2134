import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'

import { json, mockApi, sentBodies } from '@/test/api'
import { renderRoute } from '@/test/render'

describe('getquote route', () => {
  it('preselects the package named in ?package=', async () => {
    mockApi()
    renderRoute('/getquote?package=iot-project')
    expect(await screen.findByRole('heading', { level: 1, name: /get a quote/i })).toBeInTheDocument()
    const select = screen.getByLabelText(/package/i)
    await waitFor(() => expect(select).toHaveValue('iot-project'))
    expect(screen.getByRole('option', { name: 'IoT Project — from $30 (US dollars)' })).toBeInTheDocument()
    expect(screen.getByRole('option', { name: 'General enquiry' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: /request a quote/i })).toBeInTheDocument()
  })

  it('is a contact form without ?package=: the package is optional and the subject can be filled in', async () => {
    mockApi()
    renderRoute('/getquote?subject=Question+about+the+Java+course')
    expect(await screen.findByRole('heading', { level: 1, name: 'Contact us' })).toBeInTheDocument()
    await screen.findByRole('option', { name: 'Web Project — from $50 (US dollars)' })
    const select = screen.getByLabelText(/package/i)
    expect(select).toHaveValue('')
    expect(select).not.toBeRequired()
    expect(screen.getByLabelText(/^subject/i)).toHaveValue('Question about the Java course')
    expect(screen.getByRole('button', { name: /send message/i })).toBeInTheDocument()
  })

  it('leaves the package unchosen when the slug is unknown', async () => {
    mockApi()
    renderRoute('/getquote?package=nope')
    await screen.findByRole('option', { name: 'Web Project — from $50 (US dollars)' })
    expect(screen.getByLabelText(/package/i)).toHaveValue('')
  })

  it('shows the contact details beside the form', async () => {
    mockApi()
    renderRoute('/getquote')
    expect(await screen.findByRole('complementary', { name: /contact details/i })).toBeInTheDocument()
    expect(screen.getAllByRole('link', { name: 'hello@example.com' }).length).toBeGreaterThan(0)
  })

  it('sends a quote for the package in ?package= through the page’s action', async () => {
    const api = mockApi({ 'POST /api/enquiries': () => json({ message: 'Thank you! We will reply by email.' }, 201) })
    const user = userEvent.setup()
    renderRoute('/getquote?package=iot-project')
    await waitFor(() => expect(screen.getByLabelText(/package/i)).toHaveValue('iot-project'))
    await user.type(screen.getByLabelText(/^name/i), 'Priya Sharma')
    await user.type(screen.getByLabelText(/^email/i), 'priya@example.com')
    await user.type(screen.getByLabelText(/^subject/i), 'A sensor for my farm')
    await user.type(screen.getByLabelText(/^message/i), 'Soil moisture, please.')
    await user.click(screen.getByRole('button', { name: /request a quote/i }))

    expect(await screen.findByText('Thank you! We will reply by email.')).toBeInTheDocument()
    const [body] = await sentBodies(api, 'POST /api/enquiries')
    expect(body).toMatchObject({ kind: 'quote', package: 'iot-project', subject: 'A sensor for my farm' })
  })

  it('says when to try again after too many messages, keeping what was typed', async () => {
    const message = 'You have sent several messages in a short time. Please try again in 12 minutes.'
    mockApi({ 'POST /api/enquiries': () => json({ message, extra: { retry_after: 700 } }, 429) })
    const user = userEvent.setup()
    renderRoute('/getquote')
    await screen.findByRole('option', { name: 'Web Project — from $50 (US dollars)' })
    await user.type(screen.getByLabelText(/^name/i), 'Priya Sharma')
    await user.type(screen.getByLabelText(/^email/i), 'priya@example.com')
    await user.type(screen.getByLabelText(/^subject/i), 'Weekend batches')
    await user.type(screen.getByLabelText(/^message/i), 'Is there one?')
    await user.click(screen.getByRole('button', { name: /send message/i }))

    const shown = await screen.findByText(message)
    expect(shown.closest('[role="alert"]')).toHaveTextContent('Your message was not sent')
    expect(screen.getByLabelText(/^name/i)).toHaveValue('Priya Sharma')
  })
})
