import { createHash } from 'node:crypto'

/**
 * The pages' Content Security Policy, one home for server.mjs (every answer of the Node
 * server) and entry.server.tsx (a rendered page). No 'unsafe-inline' and no per-response
 * nonce: a page's inline scripts (the framework's hydration data and module loader) and its
 * inline stylesheet (root.tsx: the site's CSS is in the page, so the first paint needs no
 * second request) are allowed by their SHA-256 hashes, computed from the HTML as it is
 * rendered, so the same page has the same policy for every visitor and a shared cache may
 * keep both.
 */

function production(): boolean {
  return (
    process.env.DJANGO_ENV === 'production' ||
    ['1', 'true', 'yes', 'on'].includes(String(process.env.PRODUCTION ?? '').toLowerCase())
  )
}

/**
 * A route module whose page holds an enrolment's payment step says so in its `handle`:
 * only there may Razorpay Checkout run (docs/product.md section 22), its script from
 * checkout.razorpay.com and its frame and calls to Razorpay's API host.
 */
export type PaymentStepHandle = { checkout?: boolean }

export const CHECKOUT_SOURCES = {
  script: ['https://checkout.razorpay.com'],
  frame: ['https://api.razorpay.com', 'https://checkout.razorpay.com'],
  connect: ['https://api.razorpay.com', 'https://lumberjack.razorpay.com'],
} as const

/**
 * The policy, allowing the inline scripts with these hashes (`'sha256-…'` sources), the
 * inline stylesheets with `styleHashes`, and Razorpay Checkout on a payment step's page
 * (`checkout`).
 */
export function contentSecurityPolicy(
  scriptHashes: readonly string[] = [],
  { checkout = false, styleHashes = [] }: { checkout?: boolean; styleHashes?: readonly string[] } = {},
): string {
  const extra = (sources: readonly string[]) => (checkout ? [...sources] : [])
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", ...scriptHashes, ...extra(CHECKOUT_SOURCES.script)]],
    ['style-src', ["'self'", ...styleHashes]],
    ['img-src', ["'self'", 'data:']],
    ['font-src', ["'self'"]],
    ['connect-src', ["'self'", ...extra(CHECKOUT_SOURCES.connect)]],
    ...(checkout ? ([['frame-src', ["'self'", ...CHECKOUT_SOURCES.frame]]] as [string, string[]][]) : []),
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
    ['form-action', ["'self'"]],
    ...(production() ? ([['upgrade-insecure-requests', []]] as [string, string[]][]) : []),
  ]
  return directives.map(([name, sources]) => [name, ...sources].join(' ')).join(';')
}

const INLINE_SCRIPT = /<script\b(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/gi
const INLINE_STYLE = /<style\b[^>]*>([\s\S]*?)<\/style>/gi

function hashesOf(html: string, element: RegExp): string[] {
  const hashes = new Set<string>()
  for (const [, body = ''] of html.matchAll(element)) {
    if (body.length === 0) continue
    hashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`)
  }
  return [...hashes]
}

/** The CSP sources (`'sha256-…'`) of the inline scripts in a rendered page, each once. */
export function inlineScriptHashes(html: string): string[] {
  return hashesOf(html, INLINE_SCRIPT)
}

/** The CSP sources (`'sha256-…'`) of the inline stylesheets (`<style>`) in a rendered page. */
export function inlineStyleHashes(html: string): string[] {
  return hashesOf(html, INLINE_STYLE)
}
