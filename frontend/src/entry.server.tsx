import { PassThrough } from 'node:stream'

import { createReadableStreamFromReadable } from '@react-router/node'
import * as Sentry from '@sentry/node'
import { renderToPipeableStream } from 'react-dom/server'
import { ServerRouter, type EntryContext, type HandleErrorFunction, type RouterContextProvider } from 'react-router'

import { ApiError, setServerTransport } from '@/lib/api-client'
import { RequestIdContext } from '@/lib/request-id'
import { nonceContext } from '@/server/nonce'
import { serverFetch, visitorContext } from '@/server/api-scope.server'

// Loaders and actions call the API through the typed client; on the server its requests
// go to Django with the visitor's cookies and address.
setServerTransport(serverFetch)

export const streamTimeout = 5_000

function nonceOf(context: RouterContextProvider): string | undefined {
  try {
    return context.get(nonceContext) ?? undefined
  } catch {
    return undefined
  }
}

function requestIdOf(context: RouterContextProvider): string | null {
  try {
    return context.get(visitorContext)?.requestId ?? null
  } catch {
    return null
  }
}

/**
 * Errors in loaders, actions and rendering: logged, and unexpected ones sent to Sentry
 * (server/observability.mjs initialises it with SENTRY_DSN; without it this sends
 * nothing). The API's answers (ApiError) are not: Django reports its own failures.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return
  if (error instanceof ApiError) {
    if (error.status >= 500 || error.status === 0) console.warn(`API answered ${error.status}: ${error.message}`)
    return
  }
  console.error(error)
  Sentry.captureException(error)
}

/**
 * Every page is sent whole: the response starts once everything has rendered (nothing on
 * the site streams in later), so a phone without JavaScript and a crawler read the same
 * complete page. The framework's inline scripts carry the response's CSP nonce
 * (server.mjs makes it and sends the policy).
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders })
  }
  const requestId = requestIdOf(loadContext)
  const nonce = nonceOf(loadContext)
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000)
    const page = (
      <RequestIdContext value={requestId}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </RequestIdContext>
    )
    const { pipe, abort } = renderToPipeableStream(page, {
      nonce,
      onAllReady() {
        shellRendered = true
        const body = new PassThrough({
          final(callback) {
            clearTimeout(timeoutId)
            timeoutId = undefined
            callback()
          },
        })
        responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
        // The HTML names the current assets and carries the visitor's account: never cached.
        responseHeaders.set('Cache-Control', 'private, no-cache')
        pipe(body)
        resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }))
      },
      onShellError(error: unknown) {
        reject(error)
      },
      onError(error: unknown) {
        responseStatusCode = 500
        if (shellRendered) console.error(error)
      },
    })
  })
}
