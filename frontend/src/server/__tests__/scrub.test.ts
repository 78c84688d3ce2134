import { describe, expect, it } from 'vitest'

import { scrub, scrubText } from '../../../server/observability.mjs'

/* What never reaches Sentry from the Node server (issue 40 item 9): the spellings people use. */

describe('scrubbing an event', () => {
  it.each([
    ['a phone in groups of 4-3-3 with the country code', 'Call +91 9876 543 210 now'],
    ['a phone in groups of 3-3-4', 'Call 987-654-3210 now'],
    ['a phone with a bracketed area', 'Call (987) 654-3210 now'],
    ['a UTR in groups of four', 'UTR 1234 5678 9012 paid'],
    ['an email whose local part is quoted', 'Write to "priya sharma"@example.com today'],
  ])('filters %s', (_name, text) => {
    const scrubbed = scrubText(text)

    expect(scrubbed).toContain('[Filtered]')
    expect(scrubbed).not.toMatch(/9876|3210|5678|priya/)
  })

  it('keeps dates, times and addresses readable', () => {
    const text = 'At 2026-12-03 11:41:42 from 203.0.113.7, 3 items'

    expect(scrubText(text)).toBe(text)
  })

  it('scrubs everything under contexts, keeping the ids there', () => {
    const event = {
      contexts: {
        trace: { trace_id: '0123456789abcdef0123456789abcdef', span_id: '0123456789abcdef' },
        response: { status_code: 500, body: 'phone +91 98765 43210, email priya@example.com' },
        visitor: { phone: '9876543210', note: 'UTR 1234 5678 9012' },
      },
    }
    const scrubbed = scrub(event)

    expect(scrubbed.contexts.trace).toEqual(event.contexts.trace)
    expect(JSON.stringify([scrubbed.contexts.response, scrubbed.contexts.visitor])).not.toMatch(/98765|43210|priya|5678/)
    expect(scrubbed.contexts.visitor.phone).toBe('[Filtered]')
    expect(scrubbed.contexts.response.status_code).toBe(500)
  })
})
