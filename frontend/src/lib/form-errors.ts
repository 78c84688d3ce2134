import type { ApiError } from '@/lib/api-client'

/**
 * Split an API error between a form's own fields (shown next to them) and one message for
 * the form as a whole: the error's message plus any field errors the form has no field
 * for. The message is undefined when every problem belongs to a field on screen.
 */
export function formErrors<Field extends string>(
  error: ApiError,
  isField: (name: string) => name is Field,
): { fields: Partial<Record<Field, string>>; message?: string } {
  const fields: Partial<Record<Field, string>> = {}
  const unmapped: string[] = []
  for (const [name, text] of Object.entries(error.fields)) {
    if (isField(name)) fields[name] = text
    else if (text !== error.message) unmapped.push(text)
  }
  const onlyFields = Object.keys(fields).length > 0 && unmapped.length === 0
  return { fields, message: onlyFields ? undefined : [error.message, ...unmapped].join(' ') }
}
