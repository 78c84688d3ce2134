import messages from '@/lib/field-messages.json'

/**
 * What the site's forms say before sending, in the API's own words (a backend contract
 * test, config/tests/test_frontend_field_messages.py, posts each entry and compares): an
 * empty required field, per form and field, and a file too large to upload. Forms check
 * only that much; every other mistake (a malformed phone, a short statement, a link
 * without https) is the API's 422 field error, shown at the field the same way.
 */
export const FIELD_MESSAGES = messages

/** A required field left empty: blank for text, nothing at all for a password (spaces may be part of one). */
export function isBlank(value: string, { password = false }: { password?: boolean } = {}): boolean {
  return password ? value === '' : value.trim() === ''
}

/** The errors of a whole form: each field's check, in screen order, kept when it fails. */
export function fieldErrors<Field extends string, Values>(
  fields: readonly Field[],
  values: Values,
  check: (field: Field, values: Values) => string | undefined,
): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {}
  for (const field of fields) {
    const error = check(field, values)
    if (error) errors[field] = error
  }
  return errors
}
