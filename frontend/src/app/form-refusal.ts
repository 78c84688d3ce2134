import { isRouteErrorResponse } from 'react-router'

/** The sentence of a refused post, when the error is one (form.server.ts's refusals). */
export function refusedFormMessage(error: unknown): string | undefined {
  if (!isRouteErrorResponse(error) || ![400, 413, 415].includes(error.status)) return undefined
  const body: unknown = error.data
  if (typeof body === 'string') return body
  if (body && typeof body === 'object' && typeof (body as { message?: unknown }).message === 'string') return (body as { message: string }).message
  return undefined
}
