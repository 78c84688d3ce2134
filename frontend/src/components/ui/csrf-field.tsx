import { useRootData } from '@/lib/root-data'

/**
 * Django's CSRF token in a hidden field, in every form that posts to a route's action:
 * the action sends it back to the API with the visitor's cookie (src/server/form.server).
 */
export function CsrfField() {
  const root = useRootData()
  return <input type="hidden" name="csrfmiddlewaretoken" value={root?.csrfToken ?? ''} />
}
