import type { DehydratedState } from '@tanstack/react-query'
import { useRouteLoaderData } from 'react-router'

/** What the root loader (src/root.tsx) sends with every page. */
export type RootData = {
  /** The account and the site settings, for the query cache. */
  dehydrated: DehydratedState
  /** The site's public address, for canonical and shared links (SITE_URL). */
  siteUrl: string
}

export function useRootData(): RootData | undefined {
  return useRouteLoaderData('root') as RootData | undefined
}
