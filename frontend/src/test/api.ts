import { vi } from 'vitest'

import { projectPackages, site, team } from '@/test/fixtures'

type Handler = (request: Request) => Response | Promise<Response>

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
}

export const defaultHandlers: Record<string, Handler> = {
  'GET /api/site': () => json(site),
  'GET /api/team': () => json(team),
  'GET /api/projects': () => json(projectPackages),
}

/**
 * Replace fetch at the network boundary: handlers are keyed "METHOD /path". Anything
 * unhandled answers 404 with the API's error envelope. Returns the mock to inspect calls.
 */
export function mockApi(handlers: Record<string, Handler> = {}) {
  const all = { ...defaultHandlers, ...handlers }
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init)
    const { pathname } = new URL(request.url)
    const handler = all[`${request.method} ${pathname}`]
    return handler ? handler(request) : json({ message: 'Not found.', extra: {} }, 404)
  })
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

/** The JSON bodies sent to "METHOD /path". */
export async function sentBodies(fetchMock: ReturnType<typeof mockApi>, key: string): Promise<unknown[]> {
  const bodies: unknown[] = []
  for (const [input] of fetchMock.mock.calls) {
    const request = input as Request
    if (`${request.method} ${new URL(request.url).pathname}` === key) bodies.push(await request.clone().json())
  }
  return bodies
}
