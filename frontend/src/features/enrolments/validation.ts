import { FIELD_MESSAGES, fieldErrors, isBlank } from '@/lib/required-fields'

/**
 * The enrolment and UTR forms check only that required fields are filled; the server
 * checks the rest (phone, email, whether a referral code exists, the UTR's 12 digits) and
 * normalises what people type (spaces in a UTR, a referral code's case and spaces).
 */

export type EnrolmentField = 'name' | 'phone' | 'email' | 'referral_code' | 'coupon' | 'state' | 'gstin' | 'business_name'
export type EnrolmentValues = Record<EnrolmentField, string>
export type EnrolmentErrors = Partial<Record<EnrolmentField, string>>

/** Field order on screen: the first invalid one receives focus. */
export const ENROLMENT_FIELDS: readonly EnrolmentField[] = ['name', 'phone', 'email', 'referral_code', 'coupon', 'state', 'gstin', 'business_name']

/** The fields that must be filled; the others (a referral code, a discount code, the invoice's state, a business's GSTIN and name) are optional. */
type RequiredField = keyof typeof FIELD_MESSAGES.enrolment

function isRequired(field: EnrolmentField): field is RequiredField {
  return field in FIELD_MESSAGES.enrolment
}

/** The inputs' maxLength (the API's limits; typing stops there). */
export const NAME_MAX = 120
export const EMAIL_MAX = 254
export const CODE_MAX = 20
/** A discount code (the API's `coupon`, at most 100 characters). */
export const COUPON_MAX = 100
export const GSTIN_MAX = 15
export const BUSINESS_NAME_MAX = 200

export function validateEnrolmentField(field: EnrolmentField, values: EnrolmentValues): string | undefined {
  // Whether a referral or discount code exists or a GSTIN is valid only the server knows.
  if (!isRequired(field)) return undefined
  return isBlank(values[field]) ? FIELD_MESSAGES.enrolment[field] : undefined
}

export function validateEnrolment(values: EnrolmentValues): EnrolmentErrors {
  return fieldErrors(ENROLMENT_FIELDS, values, validateEnrolmentField)
}

export function utrError(value: string): string | undefined {
  return isBlank(value) ? FIELD_MESSAGES.utr.utr : undefined
}
