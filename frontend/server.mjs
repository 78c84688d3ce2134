/**
 * The front door (make run, and each Node instance in production): renders the pages,
 * serves the built assets, and forwards what belongs to Django to gunicorn.
 *
 *   node server.mjs        HOST, PORT: where to listen (127.0.0.1:8000)
 *                          DJANGO_URL: gunicorn's internal address (http://127.0.0.1:8001)
 *                          TRUST_PROXY_HOPS: reverse proxies in front of this server (0;
 *                          1 behind nginx), to read the visitor's address
 *                          DJANGO_ENV=production (or PRODUCTION=true): HSTS and
 *                          upgrade-insecure-requests
 *                          MAX_REQUEST_BYTES: the largest request body taken at all (12
 *                          MiB, nginx's client_max_body_size: the uploads)
 *                          DATA_UPLOAD_MAX_MEMORY_SIZE: the largest API body that is not an
 *                          upload (2.5 MiB, Django's setting of that name, read from the
 *                          same environment; nginx's /api/ limit)
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import compression from 'compression'
import express from 'express'
import helmet from 'helmet'
import { createProxyMiddleware } from 'http-proxy-middleware'

import { observe, observeErrors } from './server/observability.mjs'

const here = path.dirname(fileURLToPath(import.meta.url))
const host = process.env.HOST || '127.0.0.1'
const port = Number(process.env.PORT || 8000)
const djangoUrl = (process.env.DJANGO_URL || 'http://127.0.0.1:8001').replace(/\/$/, '')
// The same environment file as Django's serves: DJANGO_ENV=production means production here too.
const production =
  process.env.DJANGO_ENV === 'production' || ['1', 'true', 'yes', 'on'].includes(String(process.env.PRODUCTION ?? '').toLowerCase())
const trustProxyHops = Number(process.env.TRUST_PROXY_HOPS || 0)
const maxRequestBytes = Number(process.env.MAX_REQUEST_BYTES || 12 * 1024 * 1024)
const maxApiBytes = Number(process.env.DATA_UPLOAD_MAX_MEMORY_SIZE || 2_621_440)
/** The API's uploads, which take up to MAX_REQUEST_BYTES (deploy/nginx/site.conf names the same two). */
const API_UPLOADS = [/^\/api\/certificates\/import$/, /^\/api\/internships\/boards\/[^/]+\/tasks\/[^/]+\/submission$/]
process.env.DJANGO_URL = djangoUrl
// React and the router pick their production builds from this, read at import.
process.env.NODE_ENV ??= 'production'

/**
 * What Django answers: the API, the back office, its static files, downloads, uploads. One
 * list (server/django-prefixes.json), which deploy/nginx/site.conf's locations and Django's
 * URLs are tested against (backend/config/tests/test_django_prefixes.py).
 */
export const DJANGO_PREFIXES = JSON.parse(readFileSync(path.join(here, 'server/django-prefixes.json'), 'utf8'))

/**
 * Browser features the site never uses: the policy Django sends, from its one home
 * (backend/config/permissions-policy.json), written as core.middleware writes it.
 */
const PERMISSIONS_POLICY = Object.entries(
  JSON.parse(readFileSync(path.join(here, '../backend/config/permissions-policy.json'), 'utf8')),
)
  .map(([feature, allowed]) => `${feature}=(${allowed.map((a) => (a === 'self' || a === '*' ? a : `"${a}"`)).join(' ')})`)
  .join(', ')

const { pages, contentSecurityPolicy } = await import(path.join(here, 'build/server/index.js'))

const app = express()
app.disable('x-powered-by')
app.set('trust proxy', trustProxyHops)
// Request ids, JSON log lines, metrics and Sentry (server/observability.mjs).
observe(app, { djangoPrefixes: DJANGO_PREFIXES, trustProxyHops })

app.get('/healthz', (_req, res) => {
  res.type('text/plain').set('Cache-Control', 'no-store').send('ok')
})

/** An answer in the API's error envelope (`{"message": ..., "extra": {...}}`), never cached. */
function refuse(res, status, message, extra = {}) {
  res.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', Connection: 'close' })
  res.end(JSON.stringify({ message, extra }))
}

/**
 * A body is taken only when its length is declared and within MAX_REQUEST_BYTES, decided
 * from the headers before a byte of it is read (pages' form posts and the API alike). A
 * body without a Content-Length (chunked) is refused too: browsers and nginx always send
 * the length, and Django reads no body without one. Node's HTTP parser never reads past
 * the declared length. The connection is closed after the refusal, so the rest of a
 * refused body is never read.
 */
app.use((req, res, next) => {
  const declared = req.headers['content-length']
  if (declared !== undefined) {
    if (Number(declared) > maxRequestBytes) {
      return refuse(res, 413, 'The request is too large.', { max_bytes: maxRequestBytes })
    }
  } else if (req.headers['transfer-encoding'] !== undefined) {
    return refuse(res, 411, 'Send the request with a Content-Length header.', { max_bytes: maxRequestBytes })
  }
  // The API's own limit, answered here before forwarding: Django answers 413 and closes
  // while the body is still being sent, which the proxy would see as a broken connection
  // (502 "The server is restarting"). Pages' forms are bounded by form.server.ts.
  if (req.path.startsWith('/api/') && !API_UPLOADS.some((upload) => upload.test(req.path)) && Number(declared) > maxApiBytes) {
    return refuse(res, 413, 'The request is too large.', { max_bytes: maxApiBytes })
  }
  next()
})

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])
const siteOrigin = process.env.SITE_URL ? new URL(process.env.SITE_URL).origin : undefined

/**
 * A state-changing request from another site is refused (403), pages' form actions and the
 * API alike, as SvelteKit's form actions, Next.js server actions and Go's
 * CrossOriginProtection do: its `Origin` must be this site's (the scheme and host the
 * visitor used, or SITE_URL's), or without an Origin its `Sec-Fetch-Site` must be
 * `same-origin` (or `none`: typed by the visitor). A request with neither is not from a
 * browser and passes (a script; Django's CSRF check still guards the API). This is what lets
 * a page's forms work without a per-visitor token, from a copy a cache shared.
 */
app.use((req, res, next) => {
  if (SAFE_METHODS.has(req.method)) return next()
  const origin = req.get('origin')
  if (origin !== undefined) {
    if (origin === `${req.protocol}://${req.get('host')}` || origin === siteOrigin) return next()
  } else {
    const site = req.get('sec-fetch-site')
    if (site === undefined || site === 'same-origin' || site === 'none') return next()
  }
  refuse(res, 403, 'This form was sent from another site. Open the page on this site and send it from there.')
})

/**
 * Headers only the servers may set: the visitor's address, scheme and host (this server
 * sets them below, from what it trusts), and any name with an underscore, which WSGI
 * servers fold into the same environ keys as trusted values (`SCRIPT_NAME: /api` would
 * move every path Django sees; gunicorn reads it).
 */
function serverOnly(name) {
  return name.includes('_') || name.startsWith('x-forwarded-') || name === 'forwarded' || name === 'x-real-ip'
}

/** What Django may see of the request: the visitor's headers less the servers', and the visitor's address, scheme and host as this server sees them. */
function forwardFor(proxyReq, req) {
  for (const name of proxyReq.getHeaderNames()) {
    if (serverOnly(name)) proxyReq.removeHeader(name)
  }
  proxyReq.setHeader('X-Forwarded-For', req.ip ?? req.socket.remoteAddress ?? '')
  proxyReq.setHeader('X-Forwarded-Host', req.get('host') ?? '')
  proxyReq.setHeader('X-Forwarded-Proto', req.protocol)
}

// Django's answers pass through as they are (its own security headers and CSP included).
app.use(
  createProxyMiddleware({
    target: djangoUrl,
    pathFilter: (pathname) => DJANGO_PREFIXES.some((prefix) => pathname.startsWith(prefix)),
    changeOrigin: false,
    xfwd: false,
    on: {
      proxyReq: forwardFor,
      error(error, _req, res) {
        console.error(`Forwarding to Django at ${djangoUrl} failed: ${error.message}`)
        if ('headersSent' in res && !res.headersSent) {
          res.writeHead(502, { 'Content-Type': 'application/json' })
          res.end(JSON.stringify({ message: 'The server is restarting. Please try again in a minute.', extra: {} }))
        } else {
          res.end()
        }
      },
    },
  }),
)

app.use(compression())

app.use(
  helmet({
    // The pages' policy (src/server/security-policy.ts): the strict one here, and on a
    // rendered page the same allowing its inline scripts by their hashes (entry.server.tsx).
    contentSecurityPolicy: false,
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: production ? { maxAge: 31_536_000, includeSubDomains: true, preload: true } : false,
    xFrameOptions: { action: 'deny' },
  }),
)
app.use((_req, res, next) => {
  res.setHeader('Permissions-Policy', PERMISSIONS_POLICY)
  res.setHeader('Content-Security-Policy', contentSecurityPolicy())
  next()
})

// Built assets carry a content hash in their names: cached for a year.
app.use('/assets', express.static(path.join(here, 'build/client/assets'), { immutable: true, maxAge: '1y', index: false }))
app.use(express.static(path.join(here, 'build/client'), { maxAge: '1h', index: false }))

// A page sends its own policy (with its inline scripts' hashes) in place of the strict one.
app.all('/{*splat}', (req, res, next) => {
  res.removeHeader('Content-Security-Policy')
  pages(req, res, next)
})
observeErrors(app)

const server = app.listen(port, host, () => {
  console.log(`Pages on http://${host}:${port} (Django at ${djangoUrl})`)
})

/**
 * Stopping (SIGTERM from `systemctl stop` or `restart`, or Ctrl-C): stop listening at once,
 * so nginx sends new requests to the other instance (a refused connection is retried
 * there), answer every request already in flight, closing each connection after its
 * answer, then exit 0. Whatever is still open after STOP_GRACE_MS is cut and the exit is 1
 * (inside site-pages@.service's TimeoutStopSec).
 */
const STOP_GRACE_MS = 10_000
let stopping = false
server.prependListener('request', (_req, res) => {
  if (stopping) res.setHeader('Connection', 'close')
  // A keep-alive connection whose request was in flight at the signal is idle once answered.
  res.on('finish', () => {
    if (stopping) setImmediate(() => server.closeIdleConnections())
  })
})
function stop() {
  if (stopping) return
  stopping = true
  server.close(() => process.exit(0))
  server.closeIdleConnections()
  setTimeout(() => {
    console.error(`Requests still open ${STOP_GRACE_MS / 1000} s after the stop signal were cut`)
    server.closeAllConnections()
    process.exit(1)
  }, STOP_GRACE_MS).unref()
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, stop)
