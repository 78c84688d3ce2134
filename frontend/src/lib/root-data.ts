import { useRouteLoaderData } from 'react-router'

/** What the root loader (src/root.tsx) sends with every page: no call into Django. */
export type RootData = {
  /** The site's public address, for canonical and shared links (SITE_URL). */
  siteUrl: string
  /** A one-time message for the page the visitor landed on (src/server/flash.server.ts). */
  flash: string | null
}

export function useRootData(): RootData | undefined {
  return useRouteLoaderData('root') as RootData | undefined
}
