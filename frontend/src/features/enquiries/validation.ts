/**
 * Client-side checks that mirror the server's (same limits, same words), so visitors get
 * instant feedback; the server still decides, and its 422 field errors are shown the same way.
 */
export type EnquiryField = 'name' | 'email' | 'subject' | 'package' | 'message'
export type EnquiryValues = Record<EnquiryField | 'website', string>
export type EnquiryErrors = Partial<Record<EnquiryField, string>>

export const LIMITS = { name: 120, email: 254, subject: 200, message: 5000 } as const

export const MESSAGES = {
  required: 'This field is required.',
  email: 'Enter a valid email address.',
  tooLong: (max: number) => `Ensure this value has at most ${max} characters.`,
} as const

/** Field order on screen: the first invalid one in this order receives focus. */
export const FIELD_ORDER: readonly EnquiryField[] = ['name', 'email', 'subject', 'package', 'message']

// Same shape Django's EmailValidator accepts in practice: something@domain.tld, no spaces.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@.]{2,}$/

/**
 * The package is optional everywhere (none is a general enquiry) and the page only offers
 * packages that exist, so only the server can refuse it (a package withdrawn meanwhile).
 */
export function validateField(field: EnquiryField, values: EnquiryValues): string | undefined {
  if (field === 'package') return undefined
  const value = values[field].trim()
  if (!value) return MESSAGES.required
  const max = LIMITS[field]
  if (value.length > max) return MESSAGES.tooLong(max)
  if (field === 'email' && !EMAIL.test(value)) return MESSAGES.email
  return undefined
}

export function validateEnquiry(values: EnquiryValues): EnquiryErrors {
  const errors: EnquiryErrors = {}
  for (const field of FIELD_ORDER) {
    const error = validateField(field, values)
    if (error) errors[field] = error
  }
  return errors
}
