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

test('a page form of 3,000,000 fields (12 MB) is refused with 413 before it is parsed, and the server keeps answering', async ({ baseURL, request }) => {
  const answer = await request.post(`${baseURL}/login`, {
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: baseURL! },
    data: 'a=1&'.repeat(3_000_000),
  })
  expect(answer.status()).toBe(413)
  expect(await answer.text()).toContain('This form is too large to send')
  expect((await request.get(`${baseURL}/about`)).status()).toBe(200)
})

test('a page post that is not a form is 415 with a sentence, not a 500', async ({ baseURL, request }) => {
  const answer = await request.post(`${baseURL}/login`, {
    headers: { 'Content-Type': 'text/plain', Origin: baseURL! },
    data: 'phone=9876543210',
  })
  expect(answer.status()).toBe(415)
  expect(await answer.text()).toContain('This form could not be sent')
})

test('an API body over Django\'s limit (2.5 MiB) is refused before it is forwarded', async ({ baseURL }) => {
  const answer = await send(baseURL!, {
    path: '/api/enquiries',
    headers: { 'Content-Type': 'application/json', 'Content-Length': String(3 * 1024 * 1024) },
    sent: '{"message": "',
  })
  expect(answer.status).toBe(413)
  expect(JSON.parse(answer.body)).toEqual({ message: 'The request is too large.', extra: { max_bytes: 2_621_440 } })
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

test.describe('pages a shared cache may keep (section 17)', () => {
  const SHARED = /^public, max-age=0, s-maxage=60, stale-while-revalidate=\d+$/

  test('a public page without a session cookie is shared, sets no cookie and is the same for the next visitor', async ({ baseURL }) => {
    for (const path of ['/', '/courses', '/Web-Development-registration', '/login', '/signup', '/getquote', '/internship', '/privacy-policy', '/no-such-page']) {
      let first = await send(baseURL!, { method: 'GET', path })
      let second = await send(baseURL!, { method: 'GET', path })
      // The page's data carries its time to the minute: should a minute turn between the
      // two answers, a second pair (no minute turns twice in a second).
      if (second.body !== first.body) [first, second] = [second, await send(baseURL!, { method: 'GET', path })]
      expect(first.headers['cache-control'], path).toMatch(SHARED)
      expect(first.headers['set-cookie'], path).toBeUndefined()
      expect(first.body, path).not.toContain('csrfmiddlewaretoken')
      expect(second.body, path).toBe(first.body)
      expect(second.headers['content-security-policy'], path).toBe(first.headers['content-security-policy'])
    }
  })

  test('the verify pages are shared for at most a minute, nothing stale', async ({ baseURL }) => {
    for (const path of ['/verify', '/verify/NO-SUCH-CERTIFICATE-1']) {
      const answer = await send(baseURL!, { method: 'GET', path })
      expect(answer.headers['cache-control'], path).toBe('public, max-age=0, s-maxage=60')
      expect(answer.headers['set-cookie'], path).toBeUndefined()
    }
  })

  test('a visitor with a session cookie gets a private page', async ({ baseURL }) => {
    const answer = await send(baseURL!, { method: 'GET', path: '/courses', headers: { Cookie: 'sessionid=not-a-session' } })
    expect(answer.headers['cache-control']).toMatch(/^private/)
  })

  test('an account page, a form post and a failed API answer are never shared', async ({ baseURL }) => {
    const dashboard = await send(baseURL!, { method: 'GET', path: '/dashboard' })
    expect(dashboard.status).toBe(302)
    expect(dashboard.headers['cache-control']).toMatch(/^private/)
    const body = 'phone=12&password=x'
    const post = await send(baseURL!, {
      path: '/login',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Content-Length': String(body.length), Origin: baseURL! },
      sent: body,
    })
    expect(post.headers['cache-control']).toBe('private, no-store')
  })
})

test.describe('a state-changing request from another site is refused (403) everywhere', () => {
  const body = 'phone=9876543210&password=secret-password'
  const form = { 'Content-Type': 'application/x-www-form-urlencoded', 'Content-Length': String(body.length) }

  for (const path of ['/login', '/getquote', '/api/auth/login', '/admin/login/']) {
    test(`by its Origin: ${path}`, async ({ baseURL }) => {
      const answer = await send(baseURL!, { path, headers: { ...form, Origin: 'https://evil.example' }, sent: body })
      expect(answer.status).toBe(403)
      expect(JSON.parse(answer.body)).toEqual({
        message: 'This form was sent from another site. Open the page on this site and send it from there.',
        extra: {},
      })
    })
  }

  test('by its Sec-Fetch-Site when it has no Origin', async ({ baseURL }) => {
    for (const site of ['cross-site', 'same-site']) {
      const answer = await send(baseURL!, { path: '/login', headers: { ...form, 'Sec-Fetch-Site': site }, sent: body })
      expect(answer.status, site).toBe(403)
    }
  })

  test('a post from this site, without any token, reaches the page action and Django', async ({ baseURL }) => {
    // No cookie and no CSRF token: the page a cache shared carries none. The action asks
    // Django, which answers for the account (none with this phone), not with a CSRF refusal.
    for (const headers of [{ Origin: baseURL! }, { 'Sec-Fetch-Site': 'same-origin' }] as Record<string, string>[]) {
      const answer = await send(baseURL!, { path: '/login', headers: { ...form, ...headers }, sent: body })
      expect(answer.status).toBe(401)
      expect(answer.body).toContain('No Account Found')
    }
  })
})
