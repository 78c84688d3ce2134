import type { components } from '@/api/schema'
import { apiClient, unwrap } from '@/lib/api-client'

export type InvoiceCheck = components['schemas']['InvoiceCheckOut']

/** What the public check page of an invoice, receipt or credit note shows (its QR code's address). */
export function getInvoiceCheck(token: string, signal?: AbortSignal): Promise<InvoiceCheck> {
  return unwrap(apiClient.GET('/api/invoices/{token}', { params: { path: { token } }, signal }))
}
