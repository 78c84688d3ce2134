import type { components } from '@/api/schema'

export type SiteSettings = components['schemas']['SiteOut']
export type UserOut = components['schemas']['UserOut']
export type CourseOut = components['schemas']['CourseOut']

export type Bootstrap = {
  site?: SiteSettings
  /** The logged-in account when the page was served, or null for a visitor. */
  user?: UserOut | null
  /** On a course or bootcamp page: its course, as GET /api/courses/by-route answers. */
  course?: CourseOut
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
