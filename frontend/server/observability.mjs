/**
 * What operators see of the Node server (docs/deploy.md, Monitoring), kept out of
 * server.mjs, which only calls it:
 *
 * - a request id for every request (`X-Request-ID`: made here, or taken from the proxy in
 *   front when TRUST_PROXY_HOPS > 0), sent to Django with every forwarded request and API
 *   call, returned to the browser in the same header, and on every log line;
 * - log lines as JSON, one object a line (the access log, and console.* of the app);
 * - with SENTRY_DSN, unhandled errors sent to Sentry, personal data scrubbed;
 * - with NODE_METRICS_ADDR (host:port), Prometheus metrics on that address only: requests by
 *   route and status, latency histograms, and Node's process metrics.
 *
 *   const observability = await import('./server/observability.mjs')
 *   observability.observe(app, { djangoPrefixes })   // first, right after express()
 *   ...routes...
 *   observability.observeErrors(app)                  // last
 */
import { AsyncLocalStorage } from 'node:async_hooks'
import crypto from 'node:crypto'
import http from 'node:http'
import { format } from 'node:util'

import * as Sentry from '@sentry/node'
import client from 'prom-client'

const REQUEST_ID = /^[A-Za-z0-9._:-]{8,64}$/
const requests = new AsyncLocalStorage()

/** The current request's id, or '' outside a request. */
export function currentRequestId() {
  return requests.getStore()?.requestId ?? ''
}

// --- Logs: one JSON object a line ---------------------------------------------------------

function writeLine(stream, level, message, fields = {}) {
  const line = { time: new Date().toISOString(), level, logger: 'node', message, request_id: currentRequestId() || '-', ...fields }
  stream.write(`${JSON.stringify(line)}\n`)
}

/** console.log/info/warn/error write JSON lines (React Router and the proxy log through them). */
function jsonConsole() {
  const levels = { debug: 'DEBUG', log: 'INFO', info: 'INFO', warn: 'WARNING', error: 'ERROR' }
  for (const [method, level] of Object.entries(levels)) {
    const stream = method === 'warn' || method === 'error' ? process.stderr : process.stdout
    console[method] = (...args) => {
      const error = args.find((arg) => arg instanceof Error)
      writeLine(stream, level, format(...args), error ? { exc_info: error.stack ?? String(error) } : {})
    }
  }
}

// --- Sentry: what never leaves the machine ------------------------------------------------

const FILTERED = '[Filtered]'
const DENIED_KEYS = new Set([
  'password', 'passwd', 'secret', 'token', 'csrftoken', 'csrfmiddlewaretoken', 'x-csrftoken', 'sessionid',
  'session', 'cookie', 'cookies', 'set-cookie', 'authorization', 'api_key', 'apikey', 'auth', 'credentials',
  'phone', 'mobile', 'to', 'email', 'name', 'utr', 'code', 'otp', 'upi_id', 'vpa', 'address', 'ip_address',
  'x-forwarded-for', 'x-real-ip', 'remote_addr', 'query_string', 'data',
])
// The SDK's own parts (ids, versions, code locations) stay as they are. Not `contexts`:
// what an integration or a call put there (a request's details, a response's) is scrubbed
// as everything else is; the ids and versions inside it keep by their own names.
const OWN_KEYS = new Set([
  'event_id', 'trace_id', 'span_id', 'parent_span_id', 'release', 'dist', 'environment', 'sdk', 'platform',
  'timestamp', 'start_timestamp', 'modules', 'tags', 'filename', 'abs_path', 'module', 'function',
  'lineno', 'colno',
])
// An address, its local part quoted too ("priya sharma"@example.com).
const EMAIL = /(?:"[^"\r\n]+"|[\w.+-]+)@[\w-]+(?:\.[\w-]+)+/g
// A run of digits however it is spaced: 98765 43210, +91 9876 543 210, 987-654-3210,
// (987) 654-3210, a UTR as 1234 5678 9012 (personalNumber decides which runs are numbers).
const DIGIT_RUN = /(?<!\w)\+?\(?\d(?:[\s().-]{0,2}\d)+/g
const LONG_DIGITS = /(?<!\d)\d{10,13}(?!\d)/g

/**
 * Whether a run of digits is a phone number, UTR, account or card number: 10 to 16 digits
 * in groups of three or more (a leading country code or trunk 0 may be shorter), so that
 * a date and time (2026-12-03 11:41) or an address (203.0.113.7) stay readable.
 */
function personalNumber(run) {
  const groups = run.split(/\D+/).filter(Boolean)
  const digits = groups.join('').length
  if (digits < 10 || digits > 16) return false
  return groups.every((group, index) => group.length >= 3 || (index === 0 && groups.length > 1))
}

export function scrubText(text) {
  return text
    .replace(EMAIL, FILTERED)
    .replace(DIGIT_RUN, (run) => (personalNumber(run) ? FILTERED : run))
    .replace(LONG_DIGITS, FILTERED)
}

/** Phones, emails, UTRs, passwords, cookies and the like out of an event or breadcrumb. */
export function scrub(value) {
  if (typeof value === 'string') return scrubText(value)
  if (Array.isArray(value)) return value.map(scrub)
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => {
        if (DENIED_KEYS.has(key.toLowerCase()) && item != null) return [key, FILTERED]
        return [key, OWN_KEYS.has(key) ? item : scrub(item)]
      }),
    )
  }
  return value
}

function initSentry() {
  const dsn = process.env.SENTRY_DSN
  if (!dsn) return false
  Sentry.init({
    dsn,
    environment: process.env.SENTRY_ENVIRONMENT || process.env.DJANGO_ENV || 'development',
    release: process.env.SENTRY_RELEASE || undefined,
    tracesSampleRate: Number(process.env.SENTRY_TRACES_SAMPLE_RATE || 0),
    // No user, cookies, bodies or query strings; only headers that say nothing about the visitor.
    dataCollection: {
      userInfo: false,
      cookies: false,
      httpHeaders: { request: { allow: ['accept', 'content-type', 'content-length', 'host', 'user-agent'] }, response: false },
      httpBodies: [],
      urlQueryParams: false,
      databaseQueryData: false,
    },
    beforeSend: (event) => scrub(event),
    beforeBreadcrumb: (breadcrumb) => scrub(breadcrumb),
  })
  return true
}

// --- Metrics --------------------------------------------------------------------------------

export const registry = new client.Registry()
client.collectDefaultMetrics({ register: registry, prefix: 'node_' })
const requestsTotal = new client.Counter({
  name: 'node_http_requests_total',
  help: 'Requests answered by the Node server, by route (pages, django, assets, health), method and status.',
  labelNames: ['route', 'method', 'status'],
  registers: [registry],
})
const requestSeconds = new client.Histogram({
  name: 'node_http_request_duration_seconds',
  help: 'Time to answer a request, by route and method.',
  labelNames: ['route', 'method'],
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
})

function routeOf(pathname, djangoPrefixes) {
  if (pathname === '/healthz') return 'health'
  if (djangoPrefixes.some((prefix) => pathname.startsWith(prefix))) return 'django'
  if (pathname.startsWith('/assets/')) return 'assets'
  return 'pages'
}

/** `host:port` -> [host, port]; a malformed value stops the server (loudly, at start). */
export function parseAddress(value) {
  const match = /^(\[[^\]]+\]|[^:]+):(\d{1,5})$/.exec(value)
  if (!match) throw new Error(`NODE_METRICS_ADDR must be host:port (e.g. 127.0.0.1:9101), got ${JSON.stringify(value)}`)
  return [match[1].replace(/^\[|\]$/g, ''), Number(match[2])]
}

/** The metrics on their own listener: nothing on the public port answers /metrics. */
export function startMetricsServer(address = process.env.NODE_METRICS_ADDR) {
  if (!address) return undefined
  const [host, port] = parseAddress(address)
  const server = http.createServer(async (req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found\n')
      return
    }
    res.writeHead(200, { 'Content-Type': registry.contentType }).end(await registry.metrics())
  })
  server.listen(port, host, () => writeLine(process.stdout, 'INFO', `Metrics on http://${address}/metrics`))
  return server
}

// --- Wiring into express ----------------------------------------------------------------------

/**
 * First middleware: the request id, the JSON access line and the request's metrics.
 * `trustProxyHops` > 0: the proxy in front (nginx) sets X-Request-ID, which is kept; a
 * visitor's own is never trusted.
 */
export function observe(app, { djangoPrefixes = [], trustProxyHops = Number(process.env.TRUST_PROXY_HOPS || 0) } = {}) {
  const sentry = initSentry()
  jsonConsole()
  app.use((req, res, next) => {
    const given = req.get('x-request-id') ?? ''
    const requestId = trustProxyHops > 0 && REQUEST_ID.test(given) ? given : crypto.randomUUID()
    // The proxy to Django forwards the request's headers: Django logs the same id.
    req.headers['x-request-id'] = requestId
    res.locals.requestId = requestId
    res.setHeader('X-Request-ID', requestId)
    const started = process.hrtime.bigint()
    const route = routeOf(req.path, djangoPrefixes)
    res.on('finish', () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9
      requestsTotal.inc({ route, method: req.method, status: String(res.statusCode) })
      requestSeconds.observe({ route, method: req.method }, seconds)
      // The path without its query string, which may hold a phone or a code.
      requests.run({ requestId }, () =>
        writeLine(process.stdout, 'INFO', `${req.method} ${req.path} ${res.statusCode}`, {
          logger: 'access',
          method: req.method,
          path: req.path,
          status: res.statusCode,
          duration_ms: Math.round(seconds * 1000),
        }),
      )
    })
    if (sentry) Sentry.getIsolationScope().setTag('request_id', requestId)
    requests.run({ requestId }, next)
  })
  startMetricsServer()
}

/** Last: an error no handler answered goes to Sentry and gets a short page, never a stack trace. */
export function observeErrors(app) {
  if (process.env.SENTRY_DSN) Sentry.setupExpressErrorHandler(app)
  app.use((error, req, res, _next) => {
    console.error(error)
    if (res.headersSent) {
      res.end()
      return
    }
    res.status(500).set('Cache-Control', 'no-store').type('html').send(errorPage(res.locals.requestId ?? ''))
  })
}

function escapeHtml(text) {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

export function errorPage(requestId) {
  const reference = requestId ? `<p>If you contact us about it, quote this reference: <code>${escapeHtml(requestId)}</code></p>` : ''
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Something went wrong</title></head><body><h1>Something went wrong</h1><p>Please try again in a little while.</p>${reference}</body></html>`
}
