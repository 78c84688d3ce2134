import type { ComponentType } from 'react'

import { routeForPath } from '@/app/use-current-route'

type PageModule = { Component: ComponentType }

/** Every module in routes/ becomes its own chunk, loaded when its page is first rendered. */
export const pageModules = import.meta.glob<PageModule>('./routes/*.tsx')

const preloaded = new Map<string, ComponentType>()

/**
 * Loads the module of the page at `pathname` before the app first renders (main.tsx does
 * so when the server's shell carries a course page's header): the shell stays on screen
 * until the page can render, instead of giving way for a moment to the app's own
 * placeholder while the page's chunk (fetched with low priority) arrives.
 */
export async function preloadFirstPage(pathname: string): Promise<void> {
  const name = routeForPath(pathname)?.page ?? 'not-found'
  try {
    const module = await pageModules[`./routes/${name}.tsx`]?.()
    if (module) preloaded.set(name, module.Component)
  } catch {
    // Not preloaded: the page loads lazily and shows its error boundary if it fails again.
  }
}

/** The page's component if preloadFirstPage loaded it, by page name (routes.json `page`). */
export function preloadedPage(name: string): ComponentType | undefined {
  return preloaded.get(name)
}
