/**
 * Which pages load the app's JavaScript. A page is sent whole from the server and its
 * forms post without scripts, so a page whose behaviour needs nothing more ships no script
 * at all: no module preloads, no hydration data, no scroll restoration. A route module
 * whose page needs the client says so in its `handle` (React Router's "Disabling
 * JavaScript" pattern): `export const handle = { hydrate: true }`, and the root layout
 * (root.tsx) renders `<Scripts />` only when a matched route asks for it. Which routes do,
 * and why: docs/architecture.md ("Which pages hydrate"); src/__tests__/hydration.test.ts
 * holds the list.
 */
export type HydrationHandle = { hydrate?: boolean }

/** Whether any of these matched routes (useMatches()) asks for the page's scripts. */
export function pageHydrates(matches: readonly { handle?: unknown }[]): boolean {
  return matches.some((match) => (match.handle as HydrationHandle | undefined)?.hydrate === true)
}
