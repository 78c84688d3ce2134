import { Writable } from 'node:stream'

import * as Sentry from '@sentry/node'
import { renderToPipeableStream } from 'react-dom/server'
import { ServerRouter, type EntryContext, type HandleErrorFunction, type RouterContextProvider } from 'react-router'

import { ApiError, setServerTransport } from '@/lib/api-client'
import { RequestIdContext } from '@/lib/request-id'
import { serverFetch, visitorContext } from '@/server/api-scope.server'
import { PRIVATE, sharedCacheControl, type SharingHandle } from '@/server/cache-policy'
import { contentSecurityPolicy, inlineScriptHashes, inlineStyleHashes, type PaymentStepHandle } from '@/server/security-policy'

// Loaders and actions call the API through the typed client; on the server its requests
// go to Django with the visitor's cookies and address.
setServerTransport(serverFetch)

export const streamTimeout = 5_000

/** What the deepest matched route module says of sharing its page (src/server/cache-policy). */
function sharingOf(routerContext: EntryContext): SharingHandle['sharing'] {
  const matches = routerContext.staticHandlerContext.matches
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const id = matches[index]?.route.id
    const handle = id ? (routerContext.routeModules[id]?.handle as SharingHandle | undefined) : undefined
    if (handle?.sharing) return handle.sharing
  }
  return undefined
}

/**
 * Whether a matched route's page holds a payment step (Razorpay Checkout may run there):
 * never an error page, such as the not-found page the data-found pages' route answers.
 */
function checkoutOf(routerContext: EntryContext): boolean {
  if (routerContext.staticHandlerContext.statusCode >= 400) return false
  return routerContext.staticHandlerContext.matches.some(
    ({ route }) => (routerContext.routeModules[route.id]?.handle as PaymentStepHandle | undefined)?.checkout === true,
  )
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
 * complete page. The HTML is held until then so that the policy can allow its inline
 * scripts and its inline stylesheet by their hashes (no per-response nonce: the same page, byte for byte, for every
 * visitor, which a shared cache may keep), and so that it goes out with its length. The
 * request id is in the HTML only on error pages (components/ui/request-reference.tsx),
 * which are never shared.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const sharing = sharingOf(routerContext)
  // The root middleware takes this back to private when the answer is not for everyone.
  responseHeaders.set('Cache-Control', sharing ? sharedCacheControl(sharing) : PRIVATE)
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders })
  }
  const requestId = requestIdOf(loadContext)
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false
    const timeoutId = setTimeout(() => abort(), streamTimeout + 1000)
    const chunks: Buffer[] = []
    const collect = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk)
        callback()
      },
      final(callback) {
        clearTimeout(timeoutId)
        const html = Buffer.concat(chunks)
        const text = html.toString('utf8')
        responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
        responseHeaders.set(
          'Content-Security-Policy',
          contentSecurityPolicy(inlineScriptHashes(text), {
            checkout: checkoutOf(routerContext),
            styleHashes: inlineStyleHashes(text),
          }),
        )
        resolve(new Response(html, { headers: responseHeaders, status: responseStatusCode }))
        callback()
      },
    })
    const page = (
      <RequestIdContext value={requestId}>
        <ServerRouter context={routerContext} url={request.url} />
      </RequestIdContext>
    )
    const { pipe, abort } = renderToPipeableStream(page, {
      onAllReady() {
        shellRendered = true
        pipe(collect)
      },
      onShellError(error: unknown) {
        clearTimeout(timeoutId)
        reject(error)
      },
      onError(error: unknown) {
        responseStatusCode = 500
        if (shellRendered) console.error(error)
      },
    })
  })
}
