import http from 'node:http'

import { expect, test } from '@playwright/test'

/**
 * The Node front door (frontend/server.mjs) at the HTTP level, below what a browser lets a
 * page do: bodies it must refuse before reading them, and headers a client must never get
 * through to Django. Plain node:http, so the test controls every byte sent.
 */

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string }

/**
 * Sends the request line and headers and `sent` bytes of the body, but never the rest of
 * what Content-Length declares: an answer can only come from the headers.
 */
function send(
  baseURL: string,
  { method = 'POST', path, headers = {}, sent = '', chunked = false }: {
    method?: string
    path: string
    headers?: Record<string, string>
    sent?: string
    chunked?: boolean
  },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const url = new URL(path, baseURL)
    const request = http.request(url, { method, headers, agent: false })
    request.on('response', (response) => {
      let body = ''
      response.setEncoding('utf8')
      response.on('data', (chunk: string) => (body += chunk))
      response.on('end', () => {
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body })
        request.destroy()
      })
    })
    request.on('error', reject)
    if (chunked) request.setHeader('Transfer-Encoding', 'chunked')
    request.write(sent)
    // With a declared length the body stays unfinished; a chunked one is left open too.
    if (!chunked && !headers['Content-Length']) request.end()
  })
}

const SIXTY_MB = String(60 * 1024 * 1024)
const tooLarge = { message: 'The request is too large.', extra: { max_bytes: 12 * 1024 * 1024 } }

test.describe('a body over the limit is refused from its Content-Length, before it is read', () => {
  test('a page form post (/login)', async ({ baseURL }) => {
    const answer = await send(baseURL!, {
      path: '/login',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Content-Length': SIXTY_MB, Origin: baseURL! },
      sent: 'phone=9876543210&password=',
    })
    expect(answer.status).toBe(413)
    expect(answer.headers['content-type']).toContain('application/json')
    expect(answer.headers['cache-control']).toBe('no-store')
    expect(JSON.parse(answer.body)).toEqual(tooLarge)
  })

  test('the API through the front door', async ({ baseURL }) => {
    const answer = await send(baseURL!, {
      path: '/api/auth/login',
      headers: { 'Content-Type': 'application/json', 'Content-Length': SIXTY_MB },
      sent: '{"phone": "9876543210", "password": "',
    })
    expect(answer.status).toBe(413)
    expect(JSON.parse(answer.body)).toEqual(tooLarge)
  })

  test('the back office', async ({ baseURL }) => {
    const answer = await send(baseURL!, {
      path: '/admin/login/',
      headers: { 'Content-Type': 'multipart/form-data; boundary=x', 'Content-Length': SIXTY_MB },
      sent: '--x\r\n',
    })
    expect(answer.status).toBe(413)
  })
})

test('a body without a declared length is refused before it is read', async ({ baseURL }) => {
  for (const path of ['/login', '/api/auth/login']) {
    const answer = await send(baseURL!, {
      path,
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: baseURL! },
      sent: 'phone=9876543210',
      chunked: true,
    })
    expect(answer.status, path).toBe(411)
    expect(JSON.parse(answer.body), path).toEqual({
      message: 'Send the request with a Content-Length header.',
      extra: { max_bytes: 12 * 1024 * 1024 },
    })
  }
})

test('a body within the limit still reaches Django', async ({ baseURL }) => {
  const body = JSON.stringify({ phone: '98765', password: 'x' })
  const answer = await send(baseURL!, {
    path: '/api/auth/login',
    headers: { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(body)) },
    sent: body,
  })
  // Django's own CSRF refusal: the body was forwarded whole and Django answered.
  expect(answer.status).toBe(403)
  expect(JSON.parse(answer.body)).toHaveProperty('message')
})

test.describe('headers only the servers may set never reach Django from a client', () => {
  test('SCRIPT_NAME does not move the API', async ({ baseURL }) => {
    for (const name of ['SCRIPT_NAME', 'Script_Name']) {
      const answer = await send(baseURL!, { method: 'GET', path: '/api/health', headers: { [name]: '/api' } })
      expect(answer.status, name).toBe(200)
      expect(JSON.parse(answer.body)).toMatchObject({ status: 'ok' })
    }
  })

  test('SCRIPT_NAME does not get round the NUL guard', async ({ baseURL }) => {
    const answer = await send(baseURL!, {
      method: 'GET',
      path: '/api/certificates/A%00B',
      headers: { SCRIPT_NAME: '/api/certificates/A' },
    })
    expect(answer.status).toBe(422)
  })

  test('a forged X-Forwarded-Host is replaced by the host the visitor asked for', async ({ baseURL }) => {
    // Django refuses a host not in ALLOWED_HOSTS (400): a forged one must never reach it.
    const answer = await send(baseURL!, {
      method: 'GET',
      path: '/api/health',
      headers: { 'X-Forwarded-Host': 'evil.example', X_FORWARDED_HOST: 'evil.example', Forwarded: 'host=evil.example' },
    })
    expect(answer.status).toBe(200)
  })
})
