import { useMutation } from '@tanstack/react-query'

import type { paths } from '@/api/schema'
import type { ImportReport } from '@/features/certificates/types'
import { ApiError, apiClient, readCookie, toApiError } from '@/lib/api-client'

/** Which check a refused file failed (the server's `extra.reason`). */
export const importFailureReasons = ['not_csv', 'encoding', 'empty', 'headers', 'too_large', 'rows'] as const
export type ImportFailureReason = (typeof importFailureReasons)[number]

export type ImportProgress = { loaded: number; total: number }

export type ImportVariables = {
  file: File
  dryRun: boolean
  /** Upload progress, as the browser sends the file. */
  onProgress?: (progress: ImportProgress) => void
  signal?: AbortSignal
}

const IMPORT_URL = '/api/certificates/import' satisfies keyof paths

/** A refused import: the API's envelope plus the failed check and the (partial) report. */
export class CertificateImportError extends ApiError {
  readonly reason?: ImportFailureReason
  readonly report?: ImportReport

  constructor(base: ApiError, reason?: ImportFailureReason, report?: ImportReport) {
    super(base.status, base.message, base.fields, base.retryAfter)
    this.name = 'CertificateImportError'
    this.reason = reason
    this.report = report
  }
}

function isReport(value: unknown): value is ImportReport {
  return !!value && typeof value === 'object' && 'rows' in value && 'errors' in value && Array.isArray(value.errors)
}

function toImportError(status: number, body: unknown): CertificateImportError {
  // A Response can only carry statuses 200-599; anything else is "no answer".
  const base = toApiError(body, status >= 200 && status <= 599 ? new Response(null, { status }) : undefined)
  const extra =
    body && typeof body === 'object' && 'extra' in body && body.extra && typeof body.extra === 'object'
      ? (body.extra as Record<string, unknown>)
      : {}
  const reason = importFailureReasons.find((value) => value === extra.reason)
  return new CertificateImportError(base, reason, isReport(extra.report) ? extra.report : undefined)
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/**
 * POST the CSV as multipart form data. XMLHttpRequest rather than the typed fetch client:
 * only XHR reports upload progress, which matters for files of many megabytes. The
 * request is the same one the client would make: same origin, session cookie, the CSRF
 * token echoed in X-CSRFToken.
 */
export function importCertificates({ file, dryRun, onProgress, signal }: ImportVariables): Promise<ImportReport> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('The upload was cancelled.', 'AbortError'))
      return
    }
    const xhr = new XMLHttpRequest()
    xhr.open('POST', IMPORT_URL)
    xhr.setRequestHeader('Accept', 'application/json')
    const token = readCookie('csrftoken')
    if (token) xhr.setRequestHeader('X-CSRFToken', token)

    xhr.upload.onprogress = (event) => {
      onProgress?.({ loaded: event.loaded, total: event.lengthComputable ? event.total : file.size })
    }
    xhr.onload = () => {
      const body = parseJson(xhr.responseText)
      if (xhr.status === 200 && isReport(body)) resolve(body)
      else reject(toImportError(xhr.status, body))
    }
    // No answer at all: toApiError without a response is the "check your connection" error.
    xhr.onerror = () => reject(toImportError(0, undefined))
    xhr.ontimeout = xhr.onerror
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'))
    signal?.addEventListener('abort', () => xhr.abort(), { once: true })

    const form = new FormData()
    form.append('file', file, file.name)
    form.append('dry_run', dryRun ? 'true' : 'false')
    xhr.send(form)
  })
}

/**
 * The same upload from the page's action (a page posted without JavaScript), through the
 * typed client, so the session and CSRF token of the page's request go with it. Refusals
 * are CertificateImportError, as in the browser.
 */
export async function importCertificatesOnServer(file: Blob, filename: string, dryRun: boolean): Promise<ImportReport> {
  let answer: { data?: ImportReport; error?: unknown; response: Response }
  try {
    answer = await apiClient.POST(IMPORT_URL, {
      // The schema types the file as a string (binary); the serializer sends the Blob itself.
      body: { file: '', dry_run: dryRun },
      bodySerializer: () => {
        const form = new FormData()
        form.append('file', file, filename)
        form.append('dry_run', dryRun ? 'true' : 'false')
        return form
      },
    })
  } catch {
    throw toImportError(0, undefined)
  }
  if (answer.data && answer.response.ok) return answer.data
  throw toImportError(answer.response.status, answer.error)
}

/**
 * The upload, as the browser sends it (with its progress). Nothing cached to drop after a
 * real import: a certificate's page asks Django afresh (its loader) every time it opens.
 */
export function useImportCertificates() {
  return useMutation<ImportReport, Error, ImportVariables>({ mutationFn: importCertificates })
}
