import '@testing-library/jest-dom/vitest'

import { cleanup, configure } from '@testing-library/react'
import { afterEach, beforeEach, vi } from 'vitest'

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

// The first render of a route loads its lazy module; give slow CI machines time.
configure({ asyncUtilTimeout: 5000 })

// The router scrolls on every page change; jsdom has no scrolling and would log each call.
beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {})
})

afterEach(() => {
  cleanup()
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim()
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`
  }
})
