import { FIELD_MESSAGES, fieldErrors, isBlank } from '@/lib/required-fields'

/**
 * The enrolment and UTR forms check only that required fields are filled; the server
 * checks the rest (phone, email, whether a referral code exists, the UTR's 12 digits) and
 * normalises what people type (spaces in a UTR, a referral code's case and spaces).
 */

export type EnrolmentField = 'name' | 'phone' | 'email' | 'referral_code'
export type EnrolmentValues = Record<EnrolmentField, string>
export type EnrolmentErrors = Partial<Record<EnrolmentField, string>>

/** Field order on screen: the first invalid one receives focus. */
export const ENROLMENT_FIELDS: readonly EnrolmentField[] = ['name', 'phone', 'email', 'referral_code']

/** The inputs' maxLength (the API's limits; typing stops there). */
export const NAME_MAX = 120
export const EMAIL_MAX = 254
export const CODE_MAX = 20

export function validateEnrolmentField(field: EnrolmentField, values: EnrolmentValues): string | undefined {
  // The referral code is optional, and whether one exists only the server knows.
  if (field === 'referral_code') return undefined
  return isBlank(values[field]) ? FIELD_MESSAGES.enrolment[field] : undefined
}

export function validateEnrolment(values: EnrolmentValues): EnrolmentErrors {
  return fieldErrors(ENROLMENT_FIELDS, values, validateEnrolmentField)
}

export function utrError(value: string): string | undefined {
  return isBlank(value) ? FIELD_MESSAGES.utr.utr : undefined
}
