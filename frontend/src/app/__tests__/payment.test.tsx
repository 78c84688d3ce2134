import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { json, mockApi } from '@/test/api'
import { renderRoute } from '@/test/render'

const payment = {
  amount: 199,
  amount_display: '₹199',
  upi_link: 'upi://pay?pa=placeholder@upi&pn=YourBrand&am=199.00&cu=INR&tn=4-day%20training%20bootcamp',
  payee_id: 'placeholder@upi',
  payee_name: 'YourBrand',
  reference: '',
  note: '4-day training bootcamp',
  qr_url: '/api/enrolments/bootcamp-payment/qr.svg',
}

describe('payment route', () => {
  afterEach(() => {
    vi.restoreAllMocks()
  })

  it('sends the browser to the UPI link and shows the QR code, payee and amount at once', async () => {
    const assign = vi.fn()
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign })
    mockApi({ 'GET /api/enrolments/bootcamp-payment': () => json(payment) })
    renderRoute('/payment')

    expect(await screen.findByRole('heading', { level: 1, name: 'Redirecting to payment gateway...' })).toBeInTheDocument()
    // No timer: the details are there as soon as the payment instructions are.
    expect(await screen.findByRole('img', { name: /QR code to pay ₹199/ })).toHaveAttribute('src', payment.qr_url)
    expect(assign).toHaveBeenCalledWith(payment.upi_link)
    expect(screen.getByText('placeholder@upi')).toBeInTheDocument()
    expect(screen.getByText('₹199')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Pay ₹199 with UPI' })).toHaveAttribute('href', payment.upi_link)
    expect(assign).toHaveBeenCalledTimes(1)
  })

  it('waits for the page to finish loading before leaving for the UPI app', async () => {
    const assign = vi.fn()
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign })
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('interactive')
    mockApi({ 'GET /api/enrolments/bootcamp-payment': () => json(payment) })
    renderRoute('/payment')

    expect(await screen.findByRole('img', { name: /QR code to pay ₹199/ })).toBeInTheDocument()
    expect(assign).not.toHaveBeenCalled()
    window.dispatchEvent(new Event('load'))
    expect(assign).toHaveBeenCalledWith(payment.upi_link)
    window.dispatchEvent(new Event('load'))
    expect(assign).toHaveBeenCalledTimes(1)
  })

  it('is titled with the bootcamp and points to its page to register the payment', async () => {
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign: vi.fn() })
    mockApi({ 'GET /api/enrolments/bootcamp-payment': () => json(payment) })
    renderRoute('/payment')

    const header = (await screen.findByRole('heading', { level: 1 })).parentElement as HTMLElement
    expect(await within(header).findByText('Java + Android Bootcamp')).toBeInTheDocument()
    expect(header).not.toHaveTextContent(/4-day/i)
    expect(screen.getByRole('link', { name: 'Java + Android Bootcamp page' })).toHaveAttribute('href', '/java+android_bootcamp')
  })

  it('offers a retry when the payment details cannot be loaded', async () => {
    mockApi({ 'GET /api/enrolments/bootcamp-payment': () => json({ message: 'Server error.', extra: {} }, 500) })
    renderRoute('/payment')
    expect(await screen.findByRole('button', { name: /try again/i })).toBeInTheDocument()
  })
})
