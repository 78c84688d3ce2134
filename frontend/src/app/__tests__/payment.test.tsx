import { describe, expect, it } from 'vitest'

import { loader } from '@/app/routes/payment'

describe('payment route', () => {
  it('sends /payment to the bootcamp enrolment form on the server, with no page of its own', () => {
    let answer: unknown
    try {
      loader()
    } catch (thrown) {
      answer = thrown
    }
    expect(answer).toBeInstanceOf(Response)
    const response = answer as Response
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe('/java+android_bootcamp#enrol')
  })
})
