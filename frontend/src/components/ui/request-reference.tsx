import { useContext } from 'react'

import { REQUEST_ID_ELEMENT, RequestIdContext } from '@/lib/request-id'

/** "Quote this reference": the request id on an error page, when the server gave one. */
export function RequestReference() {
  const requestId = useContext(RequestIdContext)
  if (!requestId) return null
  return (
    <p className="text-sm text-ink-muted">
      If this keeps happening, quote this reference to us: <code id={REQUEST_ID_ELEMENT}>{requestId}</code>
    </p>
  )
}
