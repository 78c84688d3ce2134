import { useEffect, useRef, type RefObject } from 'react'

/**
 * After a failed submit, focus the first invalid field once its error is rendered, so
 * screen readers read the error with the field. Call `request(found)` with the errors
 * object you then give to the state: the focus waits for the render of exactly that object,
 * so an effect of another render cannot use the request up (hydration's own first effect
 * runs late when a submit comes right after the page's JavaScript has loaded, and sees no
 * errors yet).
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
  const pending = useRef<Partial<Record<Field, string>> | null>(onMount ? errors : null)
  useEffect(() => {
    if (pending.current !== errors) return
    pending.current = null
    const first = order.find((field) => errors[field])
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus()
  }, [errors, formRef, order])
  return {
    request(found: Partial<Record<Field, string>>) {
      pending.current = found
    },
  }
}
