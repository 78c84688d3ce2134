import { FIELD_MESSAGES, fieldErrors, isBlank } from '@/lib/required-fields'

/**
 * The sign-up and login forms check only that required fields are filled (so an empty
 * form needs no round trip); the server checks everything else (the phone number, the
 * password's rules, the email) and its 422 field errors are shown at the fields.
 */

export type SignupField = 'name' | 'phone' | 'password' | 'email'
export type SignupValues = Record<SignupField, string>
export type SignupErrors = Partial<Record<SignupField, string>>

export type LoginField = 'phone' | 'password'
export type LoginValues = Record<LoginField, string>
export type LoginErrors = Partial<Record<LoginField, string>>

/** The name input's maxLength (the API's limit; typing stops there). */
export const NAME_MAX = 120

/** Field order on screen: the first invalid one in this order receives focus. */
export const SIGNUP_FIELDS: readonly SignupField[] = ['name', 'phone', 'password', 'email']
export const LOGIN_FIELDS: readonly LoginField[] = ['phone', 'password']

export function validateSignupField(field: SignupField, values: SignupValues): string | undefined {
  if (field === 'email') return undefined
  return isBlank(values[field], { password: field === 'password' }) ? FIELD_MESSAGES.signup[field] : undefined
}

export function validateSignup(values: SignupValues): SignupErrors {
  return fieldErrors(SIGNUP_FIELDS, values, validateSignupField)
}

export function validateLoginField(field: LoginField, values: LoginValues): string | undefined {
  return isBlank(values[field], { password: field === 'password' }) ? FIELD_MESSAGES.login[field] : undefined
}

export function validateLogin(values: LoginValues): LoginErrors {
  return fieldErrors(LOGIN_FIELDS, values, validateLoginField)
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
