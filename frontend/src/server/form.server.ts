import { data } from 'react-router'

import { ApiError } from '@/lib/api-client'
import type { FormFailure } from '@/lib/form-result'

/**
 * The posted form (server.mjs has checked that it comes from this site). Values are the
 * text fields by name; files are left to the caller.
 */
export async function readForm(request: Request): Promise<{ form: FormData; values: Record<string, string> }> {
  const form = await request.formData()
  const values: Record<string, string> = {}
  for (const [name, value] of form) {
    if (typeof value === 'string') values[name] = value
  }
  return { form, values }
}

/**
 * The API's refusal as the action's answer, with the API's status (400, 409, 422, 429…),
 * so a page posted without JavaScript answers with it too. Anything that is not an
 * ApiError is a fault of ours and is thrown on.
 */
export function formFailure(error: unknown, values: Record<string, string>, intent?: string) {
  if (!(error instanceof ApiError)) throw error
  const kept = Object.fromEntries(Object.entries(values).filter(([name]) => !/password/i.test(name)))
  const failure: FormFailure = {
    ok: false,
    intent,
    status: error.status,
    message: error.message,
    fields: error.fields,
    retryAfter: error.retryAfter,
    answeredAt: Date.now(),
    extra: error.extra,
    values: kept,
  }
  return data(failure, { status: error.status >= 400 ? error.status : 502 })
}
