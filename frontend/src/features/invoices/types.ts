import type { components } from '@/api/schema'

/** What the public check page of an invoice, receipt or credit note shows (its QR code's address). */
export type InvoiceCheck = components['schemas']['InvoiceCheckOut']
