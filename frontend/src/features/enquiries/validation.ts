import { FIELD_MESSAGES, fieldErrors, isBlank } from '@/lib/required-fields'

/**
 * The contact and quote forms check only that required fields are filled; the server
 * checks the rest (the email's form, lengths, the package) and its 422 field errors are
 * shown at the fields the same way.
 */
export type EnquiryField = 'name' | 'email' | 'phone' | 'subject' | 'package' | 'message'
export type EnquiryValues = Record<EnquiryField | 'website', string>
export type EnquiryErrors = Partial<Record<EnquiryField, string>>

/** The inputs' maxLength (the API's limits; typing stops there). */
export const LIMITS = { name: 120, email: 254, phone: 20, subject: 200, message: 5000 } as const

/** Field order on screen: the first invalid one in this order receives focus. */
export const FIELD_ORDER: readonly EnquiryField[] = ['name', 'email', 'phone', 'subject', 'package', 'message']

/**
 * The phone and the package are optional. The package is optional everywhere (none is a general enquiry) and the page only offers
 * packages that exist, so only the server can refuse it (a package withdrawn meanwhile).
 */
export function validateField(field: EnquiryField, values: EnquiryValues): string | undefined {
  // The phone is optional; only the server tells a real number (as it does for enrolments).
  if (field === 'package' || field === 'phone') return undefined
  return isBlank(values[field]) ? FIELD_MESSAGES.enquiry[field] : undefined
}

export function validateEnquiry(values: EnquiryValues): EnquiryErrors {
  return fieldErrors(FIELD_ORDER, values, validateField)
}
