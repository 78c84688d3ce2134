import http from 'node:http'
import { gunzipSync } from 'node:zlib'
import type { AddressInfo } from 'node:net'

import * as Sentry from '@sentry/node'
import express from 'express'
import { afterEach, describe, expect, it } from 'vitest'

import { observe, observeErrors, startMetricsServer } from '../../../server/observability.mjs'

/*
 * The Node server's observability (server/observability.mjs) through HTTP: the request
 * id, the metrics on their own address only, and an unhandled error sent to a Sentry
 * stand-in on 127.0.0.1 with personal data scrubbed.
 */

const PHONE = '9876543210'
const EMAIL = 'asha.learner@example.com'
const UTR = '412345678901'

const servers: http.Server[] = []
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))))
  delete process.env.SENTRY_DSN
})

async function listen(server: http.Server): Promise<string> {
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

/** A stand-in for Sentry: keeps the body of every envelope it is sent. */
async function recorder(): Promise<{ dsn: string; bodies: string[] }> {
  const bodies: string[] = []
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const body = Buffer.concat(chunks)
      bodies.push((req.headers['content-encoding'] === 'gzip' ? gunzipSync(body) : body).toString('utf-8'))
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{}')
    })
  })
  const url = await listen(server)
  return { dsn: url.replace('http://', 'http://publickey@') + '/1', bodies }
}

function site(): express.Express {
  const app = express()
  observe(app, { djangoPrefixes: ['/api/'], trustProxyHops: 0 })
  app.get('/fails', () => {
    throw new Error(`Could not enrol ${EMAIL}, phone ${PHONE}, UTR ${UTR}`)
  })
  app.all('/{*splat}', (_req, res) => {
    res.status(404).send('not found')
  })
  observeErrors(app)
  return app
}

describe('the Node server', () => {
  it('makes a request id, ignoring one a visitor sends', async () => {
    const url = await listen(http.createServer(site()))
    const response = await fetch(`${url}/somewhere`, { headers: { 'X-Request-ID': 'visitor-chosen-id' } })
    const id = response.headers.get('X-Request-ID') ?? ''
    expect(id).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('answers /metrics with 404 on the public port, and on the metrics address', async () => {
    const url = await listen(http.createServer(site()))
    await fetch(`${url}/somewhere`)
    expect((await fetch(`${url}/metrics`)).status).toBe(404)

    const metrics = startMetricsServer('127.0.0.1:0')
    if (!metrics) throw new Error('no metrics server')
    servers.push(metrics)
    await new Promise((resolve) => metrics.once('listening', resolve))
    const address = metrics.address() as AddressInfo
    const text = await (await fetch(`http://127.0.0.1:${address.port}/metrics`)).text()
    expect(text).toContain('node_http_requests_total{route="pages",method="GET",status="404"}')
    expect(text).toContain('node_http_request_duration_seconds_bucket')
  })

  it('sends an unhandled error to Sentry with personal data scrubbed, and a short 500 page', async () => {
    const sentry = await recorder()
    process.env.SENTRY_DSN = sentry.dsn
    const url = await listen(http.createServer(site()))

    const response = await fetch(`${url}/fails?phone=${PHONE}`, {
      headers: { Cookie: `sessionid=secret-session; phone=${PHONE}` },
    })
    const page = await response.text()
    await Sentry.flush(5000)

    expect(response.status).toBe(500)
    expect(page).toContain(response.headers.get('X-Request-ID'))
    expect(page).not.toContain('at ')
    const sent = sentry.bodies.join('\n')
    expect(sent).toContain('"type":"event"')
    expect(sent).toContain('[Filtered]')
    for (const secret of [PHONE, EMAIL, UTR, 'secret-session']) expect(sent).not.toContain(secret)
    await Sentry.close(2000)
  })
})
