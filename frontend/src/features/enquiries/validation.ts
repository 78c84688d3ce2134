/**
 * Client-side checks that mirror the server's (same limits, same words), so visitors get
 * instant feedback; the server still decides, and its 422 field errors are shown the same way.
 */
import type { EnquiryKind } from '@/features/enquiries/api/create-enquiry'

export type EnquiryField = 'name' | 'email' | 'subject' | 'package' | 'message'
export type EnquiryValues = Record<EnquiryField | 'website', string>
export type EnquiryErrors = Partial<Record<EnquiryField, string>>

export const LIMITS = { name: 120, email: 254, subject: 200, message: 5000 } as const

export const MESSAGES = {
  required: 'This field is required.',
  email: 'Enter a valid email address.',
  tooLong: (max: number) => `Ensure this value has at most ${max} characters.`,
  package: 'Choose a package.',
} as const

/** Field order on screen: the first invalid one in this order receives focus. */
export const FIELD_ORDER: readonly EnquiryField[] = ['name', 'email', 'subject', 'package', 'message']

// Same shape Django's EmailValidator accepts in practice: something@domain.tld, no spaces.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@.]{2,}$/

export function validateField(
  field: EnquiryField,
  values: EnquiryValues,
  kind: EnquiryKind,
  packageSlugs: readonly string[] = [],
): string | undefined {
  if (field === 'package') {
    if (kind !== 'quote') return undefined
    return packageSlugs.includes(values.package) ? undefined : MESSAGES.package
  }
  const value = values[field].trim()
  if (!value) return MESSAGES.required
  const max = LIMITS[field]
  if (value.length > max) return MESSAGES.tooLong(max)
  if (field === 'email' && !EMAIL.test(value)) return MESSAGES.email
  return undefined
}

export function validateEnquiry(values: EnquiryValues, kind: EnquiryKind, packageSlugs: readonly string[] = []): EnquiryErrors {
  const errors: EnquiryErrors = {}
  for (const field of FIELD_ORDER) {
    const error = validateField(field, values, kind, packageSlugs)
    if (error) errors[field] = error
  }
  return errors
}
