import { createRequestHandler } from '@react-router/express'
import type { Request as ExpressRequest, Response as ExpressResponse } from 'express'
import { RouterContextProvider } from 'react-router'

import { visitorContext } from '@/server/api-scope.server'

/**
 * The pages: React Router's request handler for express, built into the server bundle
 * with the app (server.mjs mounts it after the assets and the forwarding to Django).
 * What express knows of the request reaches loaders through the router context: the
 * visitor's address, scheme and host, and the request's id. The pages' Content Security Policy comes from here
 * too, so server.mjs sends the same one on its own answers.
 */
export { contentSecurityPolicy } from '@/server/security-policy'

export const pages = createRequestHandler({
  build: () => import('virtual:react-router/server-build'),
  mode: process.env.NODE_ENV,
  getLoadContext(req: ExpressRequest, res: ExpressResponse) {
    const context = new RouterContextProvider()
    context.set(visitorContext, {
      address: req.ip ?? req.socket.remoteAddress ?? '',
      protocol: req.protocol,
      host: req.get('host') ?? '',
      requestId: typeof res.locals.requestId === 'string' ? res.locals.requestId : undefined,
    })
    return context
  },
})
