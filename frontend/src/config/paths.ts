/**
 * The one route table. `routes.json` is shared with the Django server, which answers
 * 200 (with the route's title and meta tags) only for the paths listed there and 404 for
 * everything else, so the two sides never drift.
 */
import routeTable from './routes.json'

export type RouteAccess = 'guest' | 'user' | 'staff'

/**
 * What the app reads of a route. The file also holds what only the server uses (meta
 * descriptions, sitemap and noindex flags): the build leaves those out of the app's copy
 * (vite.config.ts, routeTableForApp).
 */
export type RouteEntry = {
  id: string
  path: string
  page: string
  title: string
  /** Who may see the page; the server enforces it (see routes.json's $comment). */
  access?: RouteAccess
}

const accessValues: readonly (string | undefined)[] = ['guest', 'user', 'staff', undefined]

export const routes: readonly RouteEntry[] = routeTable.routes.map((route) => {
  if (!accessValues.includes(route.access)) throw new Error(`routes.json: unknown access "${route.access}" on ${route.id}`)
  return route as RouteEntry
})

/**
 * The ids in routes.json. JSON imports are not typed literally, so the ids are listed here
 * and checked against the file when this module loads (and by a unit test): adding a route
 * means adding its id here too.
 */
export const routeIds = [
  'home',
  'about',
  'portfolio',
  'internship',
  'courses',
  'course-web',
  'course-android',
  'course-java',
  'course-python',
  'bootcamp',
  'training',
  'projects',
  'getquote',
  'events',
  'bgmi-events',
  'hackathon',
  'verify',
  'download-certificate',
  'verify-result',
  'login',
  'signup',
  'registration',
  'dashboard',
  'referearn',
  'tasks',
  'tasks-1',
  'tasks-10',
  'tasks-20',
  'payment',
  'certificate-import',
  'terms',
  'privacy',
  'refund',
] as const
export type RouteId = (typeof routeIds)[number]

function buildPaths(): Record<RouteId, string> {
  const byId = new Map(routes.map((route) => [route.id, route.path]))
  const missing = routeIds.filter((id) => !byId.has(id))
  const extra = [...byId.keys()].filter((id) => !(routeIds as readonly string[]).includes(id))
  if (missing.length || extra.length) {
    throw new Error(`paths.ts and routes.json disagree: missing ${missing.join(', ') || '-'}; unlisted ${extra.join(', ') || '-'}`)
  }
  return Object.fromEntries(routeIds.map((id) => [id, byId.get(id) as string])) as Record<RouteId, string>
}

/** `paths.home`, `paths.getquote`, … — one constant per route in routes.json. */
export const paths = buildPaths()

/** Every path the app links to. */
export const links: Record<RouteId, string> = paths

/** `/getquote?package=web-project` */
export function quotePath(packageSlug?: string): string {
  return packageSlug ? `${links.getquote}?package=${encodeURIComponent(packageSlug)}` : links.getquote
}

/** `/getquote?subject=Java%20course`: the contact form with its subject filled in. */
export function contactPath(subject?: string): string {
  return subject ? `${links.getquote}?${new URLSearchParams({ subject }).toString()}` : links.getquote
}
