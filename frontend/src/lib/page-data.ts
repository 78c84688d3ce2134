import { isRouteErrorResponse, useMatches, useRouteError } from 'react-router'

import type { components } from '@/api/schema'

type User = components['schemas']['UserOut']
type SiteSettings = components['schemas']['SiteOut']

/**
 * What every page's loader brings from its one call into Django (GET /api/pages/…, see
 * backend/web/api.py): who is logged in and the site's settings, beside the page's own data.
 * The header, the footer and the page's head read them from there; nothing asks again.
 */
export type PageFrame = { visitor: User | null; site: SiteSettings }

export function isPageFrame(data: unknown): data is PageFrame {
  return typeof data === 'object' && data !== null && 'site' in data && 'visitor' in data
}

/** The frame in route matches' loader data: the deepest route that brought one. */
export function frameOf(matches: readonly ({ loaderData?: unknown } | undefined)[]): PageFrame | undefined {
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const data = matches[index]?.loaderData
    if (isPageFrame(data)) return data
  }
  return undefined
}

/**
 * This page's frame. Undefined only on an error page whose loader brought none (the header
 * then shows no brand name and offers Login).
 */
export function usePageFrame(): PageFrame | undefined {
  return frameOf(useMatches())
}

/** The frame an error page was thrown with (`throw data(frame, { status: 404 })`), if any. */
export function useErrorFrame(): PageFrame | undefined {
  const error = useRouteError()
  return isRouteErrorResponse(error) && isPageFrame(error.data) ? error.data : undefined
}

/** Who is logged in (null for a visitor). */
export function useVisitor(): User | null {
  return usePageFrame()?.visitor ?? null
}

/** The site's settings (brand, phone, address, socials). */
export function useSite(): SiteSettings | undefined {
  return usePageFrame()?.site
}
