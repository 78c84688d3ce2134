import { ApiError } from '@/lib/api-client'

/**
 * What a route's action answers when the API refused the form (src/server/form.server.ts
 * makes it): the form shows it as it showed the API's error before, with or without
 * JavaScript.
 */
export type FormFailure = {
  ok: false
  /** Which form on the page was sent (pages with two forms name them). */
  intent?: string
  status: number
  message: string
  /** Field errors keyed by field name. */
  fields: Record<string, string>
  retryAfter?: number
  /** When the server answered (ms since the epoch): `retryAfter` counts from then. */
  answeredAt?: number
  extra: Record<string, unknown>
  /** What was typed (never passwords), to fill the form again without JavaScript. */
  values: Record<string, string>
}

export function isFormFailure(value: unknown): value is FormFailure {
  return typeof value === 'object' && value !== null && (value as { ok?: unknown }).ok === false
}

/** The ApiError a form shows for a failed answer (the same class the browser's calls throw). */
export function failureError(failure: FormFailure): ApiError {
  return new ApiError(failure.status, failure.message, failure.fields, failure.retryAfter, failure.extra)
}
