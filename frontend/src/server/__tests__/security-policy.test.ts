import { describe, expect, it } from 'vitest'

import { contentSecurityPolicy } from '@/server/security-policy'

function directive(policy: string, name: string): string | undefined {
  return policy
    .split(';')
    .find((part) => part.startsWith(`${name} `) || part === name)
}

describe('the pages’ Content Security Policy', () => {
  it('allows Razorpay Checkout only on a payment step’s page', () => {
    const step = contentSecurityPolicy(["'sha256-abc'"], { checkout: true })
    expect(directive(step, 'script-src')).toBe("script-src 'self' 'sha256-abc' https://checkout.razorpay.com")
    expect(directive(step, 'frame-src')).toBe("frame-src 'self' https://api.razorpay.com https://checkout.razorpay.com")
    expect(directive(step, 'connect-src')).toContain('https://api.razorpay.com')

    const other = contentSecurityPolicy(["'sha256-abc'"])
    expect(other).not.toContain('razorpay')
    expect(directive(other, 'script-src')).toBe("script-src 'self' 'sha256-abc'")
    expect(directive(other, 'frame-src')).toBeUndefined()
  })
})
