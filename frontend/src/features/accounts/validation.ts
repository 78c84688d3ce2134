import { CONTACT_MESSAGES, isEmail, phoneError } from '@/lib/contact-validation'

export { phoneError }

/**
 * Client-side checks that mirror the server's basics, with the server's own words, so
 * mistakes show at once. The server still decides: it also refuses common passwords and
 * passwords too like the name, and its 422 field errors are shown the same way.
 */

export type SignupField = 'name' | 'phone' | 'password' | 'email'
export type SignupValues = Record<SignupField, string>
export type SignupErrors = Partial<Record<SignupField, string>>

export type LoginField = 'phone' | 'password'
export type LoginValues = Record<LoginField, string>
export type LoginErrors = Partial<Record<LoginField, string>>

export const NAME_MAX = 120
export const PASSWORD_MIN = 8

export const MESSAGES = {
  nameRequired: 'Enter your name.',
  nameTooLong: `Ensure this value has at most ${NAME_MAX} characters.`,
  phoneRequired: CONTACT_MESSAGES.phoneRequired,
  phoneInvalid: CONTACT_MESSAGES.phoneInvalid,
  passwordRequired: 'Enter a password.',
  loginPasswordRequired: 'Enter your password.',
  passwordTooShort: `This password is too short. It must contain at least ${PASSWORD_MIN} characters.`,
  passwordNumeric: 'This password is entirely numeric.',
  email: CONTACT_MESSAGES.email,
} as const

/** Field order on screen: the first invalid one in this order receives focus. */
export const SIGNUP_FIELDS: readonly SignupField[] = ['name', 'phone', 'password', 'email']
export const LOGIN_FIELDS: readonly LoginField[] = ['phone', 'password']

export function validateSignupField(field: SignupField, values: SignupValues): string | undefined {
  switch (field) {
    case 'name': {
      const name = values.name.trim()
      if (!name) return MESSAGES.nameRequired
      return name.length > NAME_MAX ? MESSAGES.nameTooLong : undefined
    }
    case 'phone':
      return phoneError(values.phone)
    case 'password': {
      const password = values.password
      if (!password) return MESSAGES.passwordRequired
      if (password.length < PASSWORD_MIN) return MESSAGES.passwordTooShort
      return /^\d+$/.test(password) ? MESSAGES.passwordNumeric : undefined
    }
    case 'email': {
      const email = values.email.trim()
      return email && !isEmail(email) ? MESSAGES.email : undefined
    }
  }
}

export function validateSignup(values: SignupValues): SignupErrors {
  const errors: SignupErrors = {}
  for (const field of SIGNUP_FIELDS) {
    const error = validateSignupField(field, values)
    if (error) errors[field] = error
  }
  return errors
}

export function validateLoginField(field: LoginField, values: LoginValues): string | undefined {
  if (field === 'phone') return phoneError(values.phone)
  return values.password ? undefined : MESSAGES.loginPasswordRequired
}

export function validateLogin(values: LoginValues): LoginErrors {
  const errors: LoginErrors = {}
  for (const field of LOGIN_FIELDS) {
    const error = validateLoginField(field, values)
    if (error) errors[field] = error
  }
  return errors
}

/**
 * Where to go after login: a `?next=` path on this site, or nothing. Only a path starting
 * with one "/" counts ("//evil.example" and "/\evil.example" are other origins to a
 * browser), and no control characters or whitespace.
 */
export function safeNextPath(value: string | null | undefined): string | undefined {
  if (!value || !value.startsWith('/')) return undefined
  if (value.startsWith('//') || value.startsWith('/\\')) return undefined
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\s\\]/.test(value)) return undefined
  return value
}
