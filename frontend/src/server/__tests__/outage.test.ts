import { RouterContextProvider } from 'react-router'
import { describe, expect, it } from 'vitest'

import { apiScopeMiddleware, serverFetch, visitorContext } from '@/server/api-scope.server'
import { json, mockApi } from '@/test/api'

/*
 * While the site's database is unreachable Django's API answers 503; a page whose data
 * met that answers a short "back in a moment" page, 503 with Retry-After (never a 500, nor
 * a page whose data quietly failed), quoting the request's id.
 */

type MiddlewareArgs = Parameters<typeof apiScopeMiddleware>[0]

async function page(djangoStatus: number | 'unreachable'): Promise<Response> {
  mockApi({
    'GET /api/pages/courses': () =>
      djangoStatus === 'unreachable'
        ? Promise.reject(new TypeError('fetch failed'))
        : json({ message: 'The site is briefly unavailable.', extra: {} }, djangoStatus),
  })
  const context = new RouterContextProvider()
  context.set(visitorContext, { address: '203.0.113.7', protocol: 'https', host: 'example.in', requestId: 'req-0123456789abcdef' })
  const args = { request: new Request('https://example.in/courses'), context, params: {} } as unknown as MiddlewareArgs
  return (await apiScopeMiddleware(args, async () => {
    // A loader asking the API for its data (and coping with the failure, as prefetch does).
    await serverFetch(new Request('http://127.0.0.1:8001/api/pages/courses')).catch(() => undefined)
    return new Response('<html>the page</html>', { status: 200 })
  })) as Response
}

describe('a page during a database outage', () => {
  it.each([503, 502, 504, 'unreachable'] as const)('answers 503 "back in a moment" when Django answers %s', async (status) => {
    const response = await page(status)

    expect(response.status).toBe(503)
    expect(response.headers.get('Retry-After')).toBe('30')
    expect(response.headers.get('Cache-Control')).toBe('no-store')
    const html = await response.text()
    expect(html).toContain('Back in a moment')
    expect(html).toContain('req-0123456789abcdef')
  })

  it('renders the page as usual when Django answers', async () => {
    const response = await page(404)

    expect(response.status).toBe(200)
    expect(await response.text()).toBe('<html>the page</html>')
  })
})
