import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { mockApi } from '@/test/api'
import { renderRoute } from '@/test/render'

describe('getquote route', () => {
  it('preselects the package named in ?package=', async () => {
    mockApi()
    renderRoute('/getquote?package=iot-project')
    expect(await screen.findByRole('heading', { level: 1, name: /get a quote/i })).toBeInTheDocument()
    const select = screen.getByLabelText(/package/i)
    await waitFor(() => expect(select).toHaveValue('iot-project'))
    expect(screen.getByRole('option', { name: 'IoT Project — $30' })).toBeInTheDocument()
    expect(screen.getByRole('option', { name: 'General enquiry' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: /request a quote/i })).toBeInTheDocument()
  })

  it('is a contact form without ?package=: the package is optional and the subject can be filled in', async () => {
    mockApi()
    renderRoute('/getquote?subject=Question+about+the+Java+course')
    expect(await screen.findByRole('heading', { level: 1, name: 'Contact us' })).toBeInTheDocument()
    await screen.findByRole('option', { name: 'Web Project — $50' })
    const select = screen.getByLabelText(/package/i)
    expect(select).toHaveValue('')
    expect(select).not.toBeRequired()
    expect(screen.getByLabelText(/^subject/i)).toHaveValue('Question about the Java course')
    expect(screen.getByRole('button', { name: /send message/i })).toBeInTheDocument()
  })

  it('leaves the package unchosen when the slug is unknown', async () => {
    mockApi()
    renderRoute('/getquote?package=nope')
    await screen.findByRole('option', { name: 'Web Project — $50' })
    expect(screen.getByLabelText(/package/i)).toHaveValue('')
  })

  it('shows the contact details beside the form', async () => {
    mockApi()
    renderRoute('/getquote')
    expect(await screen.findByRole('complementary', { name: /contact details/i })).toBeInTheDocument()
    expect(screen.getAllByRole('link', { name: 'hello@example.com' }).length).toBeGreaterThan(0)
  })
})
