import '@testing-library/jest-dom/vitest'

import { File as NodeFile } from 'node:buffer'

import { cleanup, configure } from '@testing-library/react'
import { afterEach, beforeEach, vi } from 'vitest'
import { parseCookies } from '@/lib/cookies'

/*
 * jsdom runs on Node's fetch, whose Request (unlike a browser's) cannot resolve a path
 * against the document and rejects jsdom's AbortSignal. Give it the browser behaviour:
 * resolve relative URLs against location and leave the signal out.
 */
const NativeRequest = globalThis.Request
class DocumentRequest extends NativeRequest {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    const { signal: _signal, ...rest } = init ?? {}
    void _signal
    super(typeof input === 'string' ? new URL(input, window.location.href) : input, rest)
  }
}
globalThis.Request = DocumentRequest

/*
 * A form with a file (React Router posts it as jsdom's FormData) would reach Node's Request
 * with the file empty: Node cannot read jsdom's Blob. Send such a form as the multipart body
 * a browser would, the file's bytes taken from jsdom's File.
 */
const fileBytes = new WeakMap<Blob, Uint8Array<ArrayBuffer>>()

function partBytes(part: BlobPart): Uint8Array<ArrayBuffer> {
  if (typeof part === 'string') return new TextEncoder().encode(part)
  // Node's buffers come from another realm than the page's: no instanceof.
  if (ArrayBuffer.isView(part)) return new Uint8Array(part.buffer.slice(part.byteOffset, part.byteOffset + part.byteLength))
  if (Object.prototype.toString.call(part) === '[object ArrayBuffer]') return new Uint8Array(part as ArrayBuffer)
  return fileBytes.get(part as Blob) ?? new Uint8Array()
}

/** jsdom's File, keeping its bytes where the upload below can read them synchronously. */
const DocumentFile = globalThis.File
class RecordedFile extends DocumentFile {
  constructor(parts: BlobPart[], name: string, options?: FilePropertyBag) {
    super(parts, name, options)
    const chunks = parts.map(partBytes)
    const bytes = new Uint8Array(chunks.reduce((total, chunk) => total + chunk.length, 0))
    let offset = 0
    for (const chunk of chunks) {
      bytes.set(chunk, offset)
      offset += chunk.length
    }
    fileBytes.set(this, bytes)
  }
}
globalThis.File = RecordedFile

/*
 * user-event's upload() sets an input's files where jsdom's own FormData(form) does not look:
 * take them from there, as a browser's form would.
 */
const DocumentFormData = globalThis.FormData
class UploadFormData extends DocumentFormData {
  constructor(form?: HTMLFormElement, submitter?: HTMLElement | null) {
    super(form, submitter ?? null)
    if (!form) return
    for (const input of form.querySelectorAll<HTMLInputElement>('input[type="file"][name]')) {
      if (input.disabled || !input.files?.length) continue
      this.delete(input.name)
      for (const file of input.files) this.append(input.name, file)
    }
  }

  // A file appended under another name is a new File: keep its bytes readable too.
  append(name: string, value: string | Blob, filename?: string) {
    if (typeof value === 'string') {
      super.append(name, value)
      return
    }
    const bytes = fileBytes.get(value)
    if (bytes && filename !== undefined) super.append(name, new RecordedFile([bytes], filename, { type: value.type }))
    else super.append(name, value, filename)
  }
}
globalThis.FormData = UploadFormData

function documentBlobBytes(blob: Blob): Uint8Array | undefined {
  return fileBytes.get(blob)
}

function multipartBody(form: FormData): { body: Uint8Array<ArrayBuffer>; contentType: string } | undefined {
  const entries = [...form]
  if (!entries.some(([, value]) => typeof value !== 'string' && documentBlobBytes(value))) return undefined
  const boundary = `----vitest-form-${Math.random().toString(16).slice(2)}`
  const encoder = new TextEncoder()
  const parts: Uint8Array[] = []
  for (const [name, value] of entries) {
    if (typeof value === 'string') {
      parts.push(encoder.encode(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`))
    } else {
      const type = value.type || 'application/octet-stream'
      parts.push(encoder.encode(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${value.name}"\r\nContent-Type: ${type}\r\n\r\n`))
      parts.push(documentBlobBytes(value) ?? new Uint8Array())
      parts.push(encoder.encode('\r\n'))
    }
  }
  parts.push(encoder.encode(`--${boundary}--\r\n`))
  const body = new Uint8Array(parts.reduce((total, part) => total + part.length, 0))
  let offset = 0
  for (const part of parts) {
    body.set(part, offset)
    offset += part.length
  }
  return { body, contentType: `multipart/form-data; boundary=${boundary}` }
}

class UploadRequest extends DocumentRequest {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    const multipart = init?.body instanceof FormData ? multipartBody(init.body) : undefined
    if (!multipart) {
      super(input, init)
      return
    }
    const headers = new Headers(init?.headers)
    headers.set('Content-Type', multipart.contentType)
    super(input, { ...init, headers, body: multipart.body })
  }
}
globalThis.Request = UploadRequest


/*
 * Reading a multipart body (an action's request.formData(), a mock reading an upload):
 * Node makes its own Files, checked against the global File (jsdom's) and unusable in
 * jsdom's FormData. Read with Node's File in place, then hand back the page's FormData
 * with the page's Files, as a browser would.
 */
let bodiesBeingRead = 0
for (const Body of [NativeRequest, globalThis.Response]) {
  const readFormData = Body.prototype.formData
  Body.prototype.formData = async function formData(this: Request | Response) {
    bodiesBeingRead += 1
    globalThis.File = NodeFile as unknown as typeof File
    let read: FormData
    try {
      read = await readFormData.call(this)
    } finally {
      bodiesBeingRead -= 1
      if (bodiesBeingRead === 0) globalThis.File = RecordedFile
    }
    const form = new UploadFormData()
    for (const [name, value] of read) {
      if (typeof value === 'string') form.append(name, value)
      else form.append(name, new RecordedFile([new Uint8Array(await value.arrayBuffer())], value.name, { type: value.type }))
    }
    return form
  }
}

// The first render of a route loads its lazy module; give slow CI machines time.
configure({ asyncUtilTimeout: 5000 })

// The router scrolls on every page change; jsdom has no scrolling and would log each call.
beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {})
})

afterEach(() => {
  cleanup()
  for (const name of parseCookies(document.cookie).keys()) {
    document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`
  }
})
