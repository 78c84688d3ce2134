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
 */
import crypto from 'node:crypto'
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
process.env.DJANGO_URL = djangoUrl
// React and the router pick their production builds from this, read at import.
process.env.NODE_ENV ??= 'production'

/** What Django answers: the API, the back office, its static files, downloads, uploads. */
export const DJANGO_PREFIXES = ['/api/', '/admin', '/static/', '/Certificate/', '/LOR/', '/media/', '/robots.txt', '/og-image.png']

/** Browser features the site never uses (the same policy Django sends). */
const PERMISSIONS_POLICY =
  'accelerometer=(), autoplay=(), camera=(), display-capture=(), geolocation=(), gyroscope=(), magnetometer=(), ' +
  'microphone=(), midi=(), payment=(), publickey-credentials-get=(), usb=(), browsing-topics=(), clipboard-write=(self)'

const { pages } = await import(path.join(here, 'build/server/index.js'))

const app = express()
app.disable('x-powered-by')
app.set('trust proxy', trustProxyHops)
// Request ids, JSON log lines, metrics and Sentry (server/observability.mjs).
observe(app, { djangoPrefixes: DJANGO_PREFIXES, trustProxyHops })

app.get('/healthz', (_req, res) => {
  res.type('text/plain').set('Cache-Control', 'no-store').send('ok')
})

/** The visitor's address, scheme and host as this server sees them, for Django. */
function forwardFor(proxyReq, req) {
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

// A fresh nonce per response, for the framework's inline scripts (no 'unsafe-inline').
app.use((_req, res, next) => {
  res.locals.nonce = crypto.randomBytes(16).toString('base64')
  next()
})
app.use(
  helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'", (_req, res) => `'nonce-${res.locals.nonce}'`],
        'style-src': ["'self'"],
        'img-src': ["'self'", 'data:'],
        'font-src': ["'self'"],
        'connect-src': ["'self'"],
        'object-src': ["'none'"],
        'base-uri': ["'self'"],
        'frame-ancestors': ["'none'"],
        'form-action': ["'self'"],
        ...(production ? { 'upgrade-insecure-requests': [] } : {}),
      },
    },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: production ? { maxAge: 31_536_000, includeSubDomains: true, preload: true } : false,
    xFrameOptions: { action: 'deny' },
  }),
)
app.use((_req, res, next) => {
  res.setHeader('Permissions-Policy', PERMISSIONS_POLICY)
  next()
})

// Built assets carry a content hash in their names: cached for a year.
app.use('/assets', express.static(path.join(here, 'build/client/assets'), { immutable: true, maxAge: '1y', index: false }))
app.use(express.static(path.join(here, 'build/client'), { maxAge: '1h', index: false }))

app.all('/{*splat}', pages)
observeErrors(app)

const server = app.listen(port, host, () => {
  console.log(`Pages on http://${host}:${port} (Django at ${djangoUrl})`)
})
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.close(() => process.exit(0)))
}
