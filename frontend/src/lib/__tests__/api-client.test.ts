import { describe, expect, it } from 'vitest'

import { apiClient, ApiError, toApiError, unwrap } from '@/lib/api-client'
import { json, mockApi } from '@/test/api'

describe('toApiError', () => {
  it('reads the message, field errors and retry_after from the envelope', () => {
    const error = toApiError(
      { message: 'Too many requests. Try again in 5 minutes.', extra: { retry_after: 300, fields: { email: 'Bad.' } } },
      new Response(null, { status: 429 }),
    )
    expect(error).toBeInstanceOf(ApiError)
    expect(error.status).toBe(429)
    expect(error.message).toBe('Too many requests. Try again in 5 minutes.')
    expect(error.fields).toEqual({ email: 'Bad.' })
    expect(error.retryAfter).toBe(300)
  })

  it('falls back to a generic message for a body that is not an envelope', () => {
    const error = toApiError('<html>Bad gateway</html>', new Response(null, { status: 502 }))
    expect(error.status).toBe(502)
    expect(error.message).toMatch(/something went wrong/i)
  })
})

describe('apiClient', () => {
  it('sends the CSRF cookie in X-CSRFToken on writes, not on reads', async () => {
    document.cookie = 'csrftoken=abc123; path=/'
    const api = mockApi({ 'POST /api/enquiries': () => json({ message: 'Thanks' }, 201) })
    await unwrap(apiClient.GET('/api/pages/basic'))
    await unwrap(
      apiClient.POST('/api/enquiries', { body: { kind: 'contact', name: 'A', email: 'a@b.co', subject: 's', message: 'm', phone: '', website: '' } }),
    )
    const [get, post] = api.requests
    expect(get?.headers.get('X-CSRFToken')).toBeNull()
    expect(post?.headers.get('X-CSRFToken')).toBe('abc123')
    expect(post?.credentials).toBe('same-origin')
  })

  it('asks for a CSRF cookie first when the page has none', async () => {
    document.cookie = 'csrftoken=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/'
    const api = mockApi({
      'GET /api/auth/csrf': () => {
        document.cookie = 'csrftoken=fresh456; path=/'
        return json({ csrf_token: 'fresh456' })
      },
      'POST /api/enquiries': () => json({ message: 'Thanks' }, 201),
    })
    await unwrap(
      apiClient.POST('/api/enquiries', { body: { kind: 'contact', name: 'A', email: 'a@b.co', subject: 's', message: 'm', phone: '', website: '' } }),
    )
    const [csrf, post] = api.requests
    expect(new URL(csrf?.url ?? '').pathname).toBe('/api/auth/csrf')
    expect(post?.headers.get('X-CSRFToken')).toBe('fresh456')
  })

  it('keeps the server’s extra details of an error', () => {
    const error = toApiError(
      { message: 'Already enrolled.', extra: { reference: 'ENR-ABC234', can_view: true } },
      new Response(null, { status: 409 }),
    )
    expect(error.extra).toMatchObject({ reference: 'ENR-ABC234', can_view: true })
  })

  it('turns a network failure into an ApiError with status 0', async () => {
    mockApi({ 'GET /api/pages/basic': () => Promise.reject(new TypeError('Failed to fetch')) })
    await expect(unwrap(apiClient.GET('/api/pages/basic'))).rejects.toMatchObject({ status: 0, message: /connection/i })
  })
})
