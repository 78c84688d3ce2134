import { HttpResponse } from 'msw'
import { RouterContextProvider } from 'react-router'
import { describe, expect, it } from 'vitest'

import { apiScopeMiddleware, serverFetch, visitorContext } from '@/server/api-scope.server'
import { sharedCacheControl } from '@/server/cache-policy'
import { mockApi } from '@/test/api'

/*
 * "Signed in" is what Django saw (its X-Session header), never our second reading of the
 * Cookie header (issue 40 item 2): a page built on an answer Django gave with a session is
 * private, and so is any page whose Cookie header the two servers could read differently.
 */

type MiddlewareArgs = Parameters<typeof apiScopeMiddleware>[0]

async function page({ cookie, djangoSawSession }: { cookie?: string; djangoSawSession: boolean }): Promise<Response> {
  mockApi({
    'GET /api/pages/courses': () =>
      HttpResponse.json({ courses: [] }, { headers: djangoSawSession ? { 'X-Session': '1', Vary: 'Cookie' } : {} }),
  })
  const context = new RouterContextProvider()
  context.set(visitorContext, { address: '203.0.113.7', protocol: 'https', host: 'example.in' })
  const headers = new Headers()
  if (cookie !== undefined) headers.set('Cookie', cookie)
  const request = new Request('https://example.in/courses', { headers })
  const args = { request, context, params: {} } as unknown as MiddlewareArgs
  return (await apiScopeMiddleware(args, async () => {
    await serverFetch(new Request('http://127.0.0.1:8001/api/pages/courses'))
    // What entry.server.tsx writes for a route that opts into sharing.
    return new Response('<html>the page</html>', { headers: { 'Cache-Control': sharedCacheControl('page') } })
  })) as Response
}

// What a browser sends, as Node's HTTP parser hands it on: each byte a latin-1 character.
const latin1 = (bytes: number[]) => String.fromCharCode(...bytes)

describe('whether a page may be shared', () => {
  it('shares an anonymous page Django built without a session', async () => {
    const response = await page({ djangoSawSession: false })

    expect(response.headers.get('Cache-Control')).toMatch(/^public, .*s-maxage=/)
    expect(response.headers.get('X-Session')).toBeNull()
  })

  it('keeps a page private when Django answered with a session our parser did not see', async () => {
    // `\xc2\x85sessionid=…`: U+0085 before the name, stripped by Python, kept by JavaScript.
    const response = await page({ cookie: `${latin1([0xc2, 0x85])}sessionid=her-session`, djangoSawSession: true })

    expect(response.headers.get('Cache-Control')).toBe('private, no-cache')
    // nginx stores nothing that carries it (and does not pass it on).
    expect(response.headers.get('X-Session')).toBe('1')
  })

  it('keeps a page private whenever Django says it used a session, whatever the cookies', async () => {
    const response = await page({ djangoSawSession: true })

    expect(response.headers.get('Cache-Control')).toBe('private, no-cache')
  })

  it.each([
    ['U+0085 (UTF-8)', latin1([0xc2, 0x85])],
    ['U+00A0 (UTF-8)', latin1([0xc2, 0xa0])],
    ['U+2028 (UTF-8)', latin1([0xe2, 0x80, 0xa8])],
    ['a lone latin-1 byte', latin1([0xa0])],
    ['a tab', '\t'],
  ])('refuses to share a page whose Cookie header holds %s, even when Django saw no session', async (_name, odd) => {
    // Whatever the cookie: which names the two servers would read cannot be told here.
    const response = await page({ cookie: `theme=dark; a${odd}b=1`, djangoSawSession: false })

    expect(response.headers.get('Cache-Control')).toBe('private, no-cache')
  })

  it('shares a page whose cookies are plain ASCII and hold no session', async () => {
    const response = await page({ cookie: 'theme=dark; csrftoken=abc', djangoSawSession: false })

    expect(response.headers.get('Cache-Control')).toMatch(/^public/)
  })
})
