import type { components } from '@/api/schema'

export type SiteSettings = components['schemas']['SiteOut']
export type UserOut = components['schemas']['UserOut']

export type Bootstrap = {
  site?: SiteSettings
  /** The logged-in account when the page was served, or null for a visitor. */
  user?: UserOut | null
  /**
   * API answers the page asks for first, sent with it (backend/web/page_data.py), keyed by
   * the request: "/api/courses", "/api/courses/by-route?path=<path as is>".
   */
  api?: Record<string, unknown>
}

let cached: Bootstrap | undefined

/**
 * The server embeds `<script type="application/json" id="bootstrap">` in every page so the
 * shell can render brand and contact details without waiting for a request. It is read
 * once; when it is missing (e.g. under `vite dev`) the queries simply fetch.
 */
export function readBootstrap(doc: Document | undefined = globalThis.document): Bootstrap {
  if (cached) return cached
  // Rendering outside a browser (the prerendered shell, app/static-shell.tsx): nothing embedded.
  if (!doc) return {}
  const element = doc.getElementById('bootstrap')
  let parsed: Bootstrap = {}
  if (element?.textContent) {
    try {
      const value: unknown = JSON.parse(element.textContent)
      if (value && typeof value === 'object') parsed = value as Bootstrap
    } catch {
      parsed = {}
    }
  }
  cached = parsed
  return parsed
}

/** Tests only: forget the cached value so the next read looks at the document again. */
export function resetBootstrapCache(): void {
  cached = undefined
}

/** How long an answer sent with the page counts as fresh, from when the page was loaded. */
const EMBEDDED_FRESH_MS = 5 * 60 * 1000

/**
 * Query options for an answer the page may have brought with it (bootstrap.api): its data
 * as the query's initial data, fresh for 5 minutes from the page load, so the page renders
 * without waiting for the request; nothing when the page did not bring it.
 */
export function embeddedQueryData<T>(request: string): { initialData?: T; initialDataUpdatedAt?: number; staleTime?: number } {
  const data = readBootstrap().api?.[request]
  if (data === undefined) return {}
  return { initialData: data as T, initialDataUpdatedAt: performance.timeOrigin, staleTime: EMBEDDED_FRESH_MS }
}
