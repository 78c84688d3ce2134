// @vitest-environment node
import { describe, expect, it } from 'vitest'

import { MAX_FORM_FIELDS, readForm } from '@/server/form.server'

/*
 * Every page action reads its form through readForm (issue 40 items 4 and 7): bounded in
 * bytes and in fields before it is parsed, and a post that is not a form is refused with a
 * 4xx and a sentence, never a 500.
 */

function post(body: BodyInit | null, headers: Record<string, string> = {}): Request {
  return new Request('https://example.in/login', { method: 'POST', body, headers, duplex: 'half' } as RequestInit)
}

/** What readForm threw: React Router's error answer, with its status and message. */
async function refusal(request: Request, options?: { maxBytes?: number }): Promise<{ status: number; message: string }> {
  try {
    await readForm(request, options)
  } catch (error) {
    // data(…, { status }) as thrown: React Router answers with its status and renders the message.
    const thrown = error as { init?: { status?: number }; data?: { message?: string } }
    if (thrown.init?.status) return { status: thrown.init.status, message: thrown.data?.message ?? '' }
    throw error
  }
  throw new Error('readForm took the post')
}

const urlencoded = { 'Content-Type': 'application/x-www-form-urlencoded' }

describe('readForm', () => {
  it('reads a url-encoded form', async () => {
    const { values } = await readForm(post('phone=9876543210&password=x%26y', urlencoded))

    expect(values).toEqual({ phone: '9876543210', password: 'x&y' })
  })

  it('reads a multipart form with its file', async () => {
    const form = new FormData()
    form.set('intent', 'import')
    form.set('file', new File(['a,b\n'], 'c.csv', { type: 'text/csv' }))
    const { form: read, values } = await readForm(new Request('https://example.in/x', { method: 'POST', body: form }))

    expect(values).toEqual({ intent: 'import' })
    expect(await (read.get('file') as File).text()).toBe('a,b\n')
  })

  it('refuses 3,000,000 fields (12 MB) with 413 from the length, quickly', async () => {
    const body = 'a=1&'.repeat(3_000_000)
    const started = performance.now()
    const refused = await refusal(post(body, { ...urlencoded, 'Content-Length': String(body.length) }))

    expect(refused.status).toBe(413)
    expect(performance.now() - started).toBeLessThan(1000)
  })

  it('refuses a body over the limit sent without a length, once that much was read', async () => {
    let sent = 0
    const chunk = new TextEncoder().encode('a=1&'.repeat(16_384))
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += chunk.byteLength
        controller.enqueue(chunk)
      },
    })
    const refused = await refusal(post(endless, urlencoded), { maxBytes: 1024 * 1024 })

    expect(refused.status).toBe(413)
    expect(sent).toBeLessThan(2 * 1024 * 1024)
  })

  it(`refuses more than ${MAX_FORM_FIELDS} url-encoded fields within the byte limit`, async () => {
    expect((await readForm(post('a=1&'.repeat(MAX_FORM_FIELDS - 1) + 'a=1', urlencoded))).values).toEqual({ a: '1' })
    const refused = await refusal(post('a=1&'.repeat(MAX_FORM_FIELDS) + 'a=1', urlencoded))

    expect(refused).toEqual({ status: 413, message: expect.stringContaining(`more than ${MAX_FORM_FIELDS} fields`) })
  })

  it(`refuses more than ${MAX_FORM_FIELDS} multipart parts`, async () => {
    const form = new FormData()
    for (let n = 0; n <= MAX_FORM_FIELDS; n += 1) form.append('a', '1')
    const refused = await refusal(new Request('https://example.in/x', { method: 'POST', body: form }))

    expect(refused.status).toBe(413)
  })

  it.each([
    ['no Content-Type', {}, 415],
    ['text/plain', { 'Content-Type': 'text/plain' }, 415],
    ['JSON', { 'Content-Type': 'application/json' }, 415],
    ['multipart without a boundary', { 'Content-Type': 'multipart/form-data' }, 400],
  ])('refuses a post with %s with a clear message', async (_name, headers, status) => {
    const request = new Request('https://example.in/login', { method: 'POST', body: new TextEncoder().encode('phone=1'), headers })
    const refused = await refusal(request)

    expect(refused.status).toBe(status)
    expect(refused.message).toMatch(/form/)
  })

  it('refuses a multipart body that does not match its boundary with 400', async () => {
    const refused = await refusal(post('not multipart at all', { 'Content-Type': 'multipart/form-data; boundary=xyz' }))

    expect(refused.status).toBe(400)
  })
})

describe('every page action', () => {
  const modules = import.meta.glob<{ action?: (args: unknown) => Promise<unknown> }>('../../app/routes/*.tsx', { eager: true })
  const actions = Object.entries(modules).flatMap(([path, module]) => (module.action ? [[path, module.action] as const] : []))

  it('are all here', () => {
    expect(actions.length).toBeGreaterThanOrEqual(13)
  })

  it.each(actions)('%s refuses a post that is not a form with 415, before anything else', async (path, action) => {
    const request = new Request('https://example.in/page', { method: 'POST', body: 'phone=1', headers: { 'Content-Type': 'text/plain' } })
    const url = new URL(request.url)
    let thrown: unknown
    try {
      await action({ request, url, params: { slug: 'x', domain: 'x' }, context: undefined })
    } catch (error) {
      thrown = error
    }
    expect((thrown as { init?: { status?: number } } | undefined)?.init?.status, path).toBe(415)
  })
})
