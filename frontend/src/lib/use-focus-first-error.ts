import { useEffect, useRef, type RefObject } from 'react'

/**
 * After a failed submit, focus the first invalid field once its error is rendered, so
 * screen readers read the error with the field. Call `request()` before setting errors.
 * `onMount`: the form arrives with errors already (the server's answer to a form posted
 * before the page's JavaScript ran): the first invalid field gets the focus as the page
 * comes alive, as it would have after a submit in the browser.
 */
export function useFocusFirstError<Field extends string>(
  formRef: RefObject<HTMLFormElement | null>,
  order: readonly Field[],
  errors: Partial<Record<Field, string>>,
  onMount = false,
) {
  const pending = useRef(onMount)
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
