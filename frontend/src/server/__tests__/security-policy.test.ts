import { describe, expect, it } from 'vitest'

import { createHash } from 'node:crypto'

import { contentSecurityPolicy, inlineScriptHashes, inlineStyleHashes } from '@/server/security-policy'

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

  it('allows the page’s own inline stylesheet by its hash, never any inline style', () => {
    const css = 'body{color:#0f172a}'
    const html = `<html><head><style>${css}</style></head><body><script>window.x=1</script><script type="module" src="/a.js"></script></body></html>`
    const hash = `'sha256-${createHash('sha256').update(css, 'utf8').digest('base64')}'`
    expect(inlineStyleHashes(html)).toEqual([hash])
    expect(inlineScriptHashes(html)).toHaveLength(1)
    const policy = contentSecurityPolicy(inlineScriptHashes(html), { styleHashes: inlineStyleHashes(html) })
    expect(directive(policy, 'style-src')).toBe(`style-src 'self' ${hash}`)
    expect(policy).not.toContain('unsafe-inline')
    expect(directive(contentSecurityPolicy(), 'style-src')).toBe("style-src 'self'")
  })
})
