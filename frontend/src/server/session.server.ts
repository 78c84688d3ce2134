import { redirect } from 'react-router'

import { ApiError, unwrap } from '@/lib/api-client'

/** The login page, coming back here after (`next`). */
export function loginRedirect(url: URL): Response {
  const { pathname, search } = url
  return redirect(`/login?${new URLSearchParams({ next: `${pathname}${search}` })}`)
}

/**
 * A page's one call into Django (GET /api/pages/…): its answer, or, where the page needs an
 * account and Django says nobody is logged in (401), the login page first.
 */
export async function loadPage<T>(url: URL, call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  try {
    return await unwrap(call)
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) throw loginRedirect(url)
    throw error
  }
}
