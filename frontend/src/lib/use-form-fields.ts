import { useRef, useState, type ChangeEvent, type FocusEvent } from 'react'

import { useFocusFirstError } from '@/lib/use-focus-first-error'

type FieldElement = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement

type Options<Field extends string, Values extends Record<Field, string>> = {
  /** The validated fields, in the order the form shows them (the first invalid one gets the focus). */
  fields: readonly Field[]
  initial: Values | (() => Values)
  /** The field's error for these values, or undefined when it is valid. */
  validateField: (name: Field, values: Values) => string | undefined
  /** Errors to show from the start: the server's, for a form posted without JavaScript. */
  initialErrors?: Partial<Record<Field, string>>
}

/**
 * The values and field errors of one of the site's forms, with the rules they all follow:
 * errors appear on submit; after a submit a field is checked again when it loses focus;
 * while typing, a field's error clears as soon as the field passes its check (new errors
 * wait for blur or submit), and an error from the server stays until the field is edited. After a failed submit the first invalid field gets the focus once its
 * error is rendered, so screen readers read the error with it. Inputs whose name is not
 * one of the values are ignored; inputs that are values but not validated fields (the
 * enquiry form's honeypot) are kept without checking.
 */
export function useFormFields<Field extends string, Values extends Record<Field, string>>({
  fields,
  initial,
  validateField,
  initialErrors = {},
}: Options<Field, Values>) {
  const formRef = useRef<HTMLFormElement>(null)
  const [values, setValues] = useState<Values>(initial)
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>(initialErrors)
  const [submitted, setSubmitted] = useState(Object.keys(initialErrors).length > 0)
  const focus = useFocusFirstError(formRef, fields, errors, Object.values(initialErrors).some(Boolean))

  function isField(name: string): name is Field {
    return (fields as readonly string[]).includes(name)
  }

  function onChange(event: ChangeEvent<FieldElement>) {
    const { name, value } = event.target
    if (!(name in values)) return
    const next = { ...values, [name]: value }
    setValues(next)
    if (isField(name) && errors[name] && !validateField(name, next)) setErrors((current) => ({ ...current, [name]: undefined }))
  }

  function onBlur(event: FocusEvent<FieldElement>) {
    const { name } = event.target
    if (!submitted || !isField(name)) return
    // A server's error stays until the field is edited (editing clears it in onChange when
    // the field's own check passes): the client cannot tell whether it still holds.
    setErrors((current) => ({ ...current, [name]: validateField(name, values) ?? current[name] }))
  }

  /** Show these errors (from the server, say), focusing the first; none clears them. */
  function showErrors(found: Partial<Record<Field, string>>) {
    if (Object.keys(found).length > 0) focus.request(found)
    setErrors(found)
  }

  /**
   * On submit, with the whole form's errors: shows them and answers false, or clears the
   * errors and answers true (send it).
   */
  function submit(found: Partial<Record<Field, string>>): boolean {
    setSubmitted(true)
    showErrors(found)
    return Object.keys(found).length === 0
  }

  /** One field's value set by the page itself, not typed (a code that arrives late). */
  function fill(name: Field, value: string) {
    setValues((current) => ({ ...current, [name]: value }))
  }

  /** Back to a fresh form with these values (after a successful send). */
  function reset(next: Values) {
    setValues(next)
    setErrors({})
    setSubmitted(false)
  }

  return { formRef, values, errors, isField, onChange, onBlur, submit, showErrors, reset, fill }
}
