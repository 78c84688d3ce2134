import { data } from 'react-router'

import { ApiError } from '@/lib/api-client'
import type { FormFailure } from '@/lib/form-result'

/**
 * The most fields or parts a form may have: Django's DATA_UPLOAD_MAX_NUMBER_FIELDS, the
 * model for this limit (a form on this site has a few dozen at most).
 */
export const MAX_FORM_FIELDS = 1000

/**
 * The largest form body taken, in bytes, when the page uploads no file: Django's
 * DATA_UPLOAD_MAX_MEMORY_SIZE, read from the same environment (2.5 MiB by default).
 */
export function formBytesLimit(): number {
  const bytes = Math.floor(Number(process.env.DATA_UPLOAD_MAX_MEMORY_SIZE ?? 2_621_440))
  return Number.isFinite(bytes) && bytes >= 1024 ? bytes : 2_621_440
}

/**
 * The largest form body of a page that uploads a file (certificate import, a task's
 * submission): the front door's MAX_REQUEST_BYTES (12 MiB, nginx's client_max_body_size).
 */
export function uploadBytesLimit(): number {
  const bytes = Math.floor(Number(process.env.MAX_REQUEST_BYTES ?? 12 * 1024 * 1024))
  return Number.isFinite(bytes) && bytes >= 1024 ? bytes : 12 * 1024 * 1024
}

/** A refusal of the post itself, as the page's error answer (never a 500, never reported). */
function refuse(status: 400 | 413 | 415, message: string): never {
  throw data({ message }, { status })
}

const TOO_LARGE = 'This form is too large to send. Shorten what you typed or send a smaller file.'
const TOO_MANY = `This form has more than ${MAX_FORM_FIELDS} fields, which none of this site's forms has.`

/** How many times `needle` occurs in `bytes`, stopping once it is over `max`. */
function occurrences(bytes: Uint8Array, needle: Uint8Array, max: number): number {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  let count = 0
  let at = buffer.indexOf(needle)
  while (at >= 0 && count <= max) {
    count += 1
    at = buffer.indexOf(needle, at + needle.length)
  }
  return count
}

/** The body, read to at most `limit` bytes (a body without a Content-Length is read with the same cap). */
async function readCapped(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer>> {
  const declared = request.headers.get('Content-Length')
  if (declared !== null && Number(declared) > limit) refuse(413, TOO_LARGE)
  if (!request.body) return new Uint8Array()
  const chunks: Uint8Array[] = []
  let size = 0
  const reader = request.body.getReader()
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > limit) {
      await reader.cancel()
      refuse(413, TOO_LARGE)
    }
    chunks.push(value)
  }
  const body = new Uint8Array(size)
  let offset = 0
  for (const chunk of chunks) {
    body.set(chunk, offset)
    offset += chunk.byteLength
  }
  return body
}

/**
 * The posted form (server.mjs has checked that it comes from this site). Values are the
 * text fields by name; files are left to the caller.
 *
 * Bounded before it is parsed, as Django bounds its own (issue 40 item 4): a body over
 * `maxBytes` (DATA_UPLOAD_MAX_MEMORY_SIZE unless the page uploads a file) answers 413 from
 * its Content-Length, or once that many bytes were read without one; more than
 * MAX_FORM_FIELDS fields (`&`-separated pairs) or parts answers 413 from a count of the
 * bytes, before any is decoded. A post that is not a form (no Content-Type, text/plain,
 * JSON) answers 415 and a multipart one without its boundary, or one that cannot be
 * read, 400, each with a sentence saying so. Every page action reads its form here, never
 * with request.formData().
 */
export async function readForm(
  request: Request,
  { maxBytes = formBytesLimit() }: { maxBytes?: number } = {},
): Promise<{ form: FormData; values: Record<string, string> }> {
  const contentType = request.headers.get('Content-Type') ?? ''
  const [mediaType = '', ...parameters] = contentType.split(';').map((part) => part.trim())
  const kind = mediaType.toLowerCase()
  let separator: Uint8Array
  if (kind === 'application/x-www-form-urlencoded') {
    separator = new TextEncoder().encode('&')
  } else if (kind === 'multipart/form-data') {
    const boundary = parameters
      .map((parameter) => /^boundary=(?:"([^"]+)"|(\S+))$/i.exec(parameter))
      .find(Boolean)
    const value = boundary?.[1] ?? boundary?.[2]
    if (!value) refuse(400, 'This form was sent as multipart/form-data without its boundary, so it cannot be read.')
    separator = new TextEncoder().encode(`--${value}`)
  } else {
    refuse(
      415,
      'This address takes a form (application/x-www-form-urlencoded or multipart/form-data). Send the form from its page.',
    )
  }
  const body = await readCapped(request, maxBytes)
  const found = occurrences(body, separator, MAX_FORM_FIELDS + 1)
  // A multipart body's closing delimiter is one occurrence more than it has parts.
  const fields = kind === 'multipart/form-data' ? found - 1 : body.byteLength === 0 ? 0 : found + 1
  if (fields > MAX_FORM_FIELDS) refuse(413, TOO_MANY)
  let form: FormData
  try {
    form = await new Response(body, { headers: { 'Content-Type': contentType } }).formData()
  } catch {
    refuse(400, 'This form could not be read. Reload the page and send it again.')
  }
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
