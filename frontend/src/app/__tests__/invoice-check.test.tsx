import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import type { components } from '@/api/schema'
import { answerPage, mockApi } from '@/test/api'
import { renderRoute } from '@/test/render'

const check: components['schemas']['InvoiceCheckOut'] = {
  kind: 'tax_invoice',
  title: 'Tax invoice',
  number: 'INV/26-27/000001',
  date: '2026-05-10',
  seller_legal_name: 'Example Academy Private Limited',
  seller_gstin: '29AAGCB7383J1Z4',
  seller_state: '29-Karnataka',
  total_paise: 449900,
  total_display: '₹4,499.00',
  buyer_name: 'Ravi Kumar',
  related: null,
}

describe('invoice check route (/invoice/<token>, the QR code’s page)', () => {
  it('shows who issued the invoice, its number, date and total, and the buyer’s name', async () => {
    mockApi({ ...answerPage('invoice', () => ({ check: check })) })
    renderRoute('/invoice/tok3n')
    expect(await screen.findByRole('heading', { level: 2, name: 'Tax invoice INV/26-27/000001 is genuine' })).toBeInTheDocument()
    for (const text of ['Example Academy Private Limited', '29AAGCB7383J1Z4', '10 May 2026', '₹4,499.00', 'Ravi Kumar']) {
      expect(screen.getByText(text)).toBeInTheDocument()
    }
  })

  it('names the credit note that reversed a refunded invoice', async () => {
    mockApi({ ...answerPage('invoice', () => ({ check: { ...check, related: { number: 'CN/26-27/000003', date: '2026-05-12' } } })) })
    renderRoute('/invoice/tok3n')
    expect(await screen.findByText('CN/26-27/000003 (12 May 2026)')).toBeInTheDocument()
    expect(screen.getByText('Reversed by credit note')).toBeInTheDocument()
  })

  it('is the not-found page for a token we never issued', async () => {
    // No invoice has this token: the page's answer is the 404 (the default without a document).
    mockApi()
    renderRoute('/invoice/nope')
    expect(await screen.findByRole('heading', { level: 1, name: /couldn’t find that page/i })).toBeInTheDocument()
    // In the site's frame: the header names the brand (the page's data, asked for the 404).
    expect(within(screen.getByRole('banner')).getByText('Example Academy')).toBeInTheDocument()
  })
})
