import { CONTACT_MESSAGES, isEmail, phoneError } from '@/lib/contact-validation'

export type EnrolmentField = 'name' | 'phone' | 'email' | 'referral_code'
export type EnrolmentValues = Record<EnrolmentField, string>
export type EnrolmentErrors = Partial<Record<EnrolmentField, string>>

/** Field order on screen: the first invalid one receives focus. */
export const ENROLMENT_FIELDS: readonly EnrolmentField[] = ['name', 'phone', 'email', 'referral_code']

export const NAME_MAX = 120
export const EMAIL_MAX = 254
export const CODE_MAX = 20

export const ENROLMENT_MESSAGES = {
  nameRequired: 'Enter your name.',
  nameTooLong: `Ensure this value has at most ${NAME_MAX} characters.`,
  emailRequired: 'Enter your email address.',
  email: CONTACT_MESSAGES.email,
  codeTooLong: 'This referral code does not exist. Check it or leave the field empty.',
  utr: 'Enter the 12-digit UPI transaction reference (UTR) shown in your UPI app.',
} as const

/** Referral codes are matched ignoring case and spaces, as the server does. */
export function normaliseCode(raw: string): string {
  return raw.replace(/\s+/g, '').toUpperCase()
}

export function validateEnrolmentField(field: EnrolmentField, values: EnrolmentValues): string | undefined {
  switch (field) {
    case 'name': {
      const name = values.name.trim()
      if (!name) return ENROLMENT_MESSAGES.nameRequired
      return name.length > NAME_MAX ? ENROLMENT_MESSAGES.nameTooLong : undefined
    }
    case 'phone':
      return phoneError(values.phone)
    case 'email': {
      const email = values.email.trim()
      if (!email) return ENROLMENT_MESSAGES.emailRequired
      return email.length > EMAIL_MAX || !isEmail(email) ? ENROLMENT_MESSAGES.email : undefined
    }
    case 'referral_code':
      // Optional, and whether a code exists (or is the enroller's own) only the server knows.
      return normaliseCode(values.referral_code).length > CODE_MAX ? ENROLMENT_MESSAGES.codeTooLong : undefined
  }
}

export function validateEnrolment(values: EnrolmentValues): EnrolmentErrors {
  const errors: EnrolmentErrors = {}
  for (const field of ENROLMENT_FIELDS) {
    const error = validateEnrolmentField(field, values)
    if (error) errors[field] = error
  }
  return errors
}

/** The UTR: 12 digits; spaces are ignored (people copy it in groups). */
export function normaliseUtr(raw: string): string {
  return raw.replace(/\s+/g, '')
}

export function utrError(raw: string): string | undefined {
  return /^\d{12}$/.test(normaliseUtr(raw)) ? undefined : ENROLMENT_MESSAGES.utr
}
