import { useEffect, useRef, type RefObject } from 'react'

/**
 * After a failed submit, focus the first invalid field once its error is rendered, so
 * screen readers read the error with the field. Call `request()` before setting errors.
 */
export function useFocusFirstError<Field extends string>(
  formRef: RefObject<HTMLFormElement | null>,
  order: readonly Field[],
  errors: Partial<Record<Field, string>>,
) {
  const pending = useRef(false)
  useEffect(() => {
    if (!pending.current) return
    pending.current = false
    const first = order.find((field) => errors[field])
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus()
  }, [errors, formRef, order])
  return {
    request() {
      pending.current = true
    },
  }
}
