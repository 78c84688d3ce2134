import routeTable from '../src/config/routes.json' with { type: 'json' }

export type Route = (typeof routeTable.routes)[number]

export const routes: Route[] = routeTable.routes

/** A concrete URL for a route: parameters get a sample value. */
export function samplePath(route: Route): string {
  return route.path.replace(/:[A-Za-z]+/g, 'SAMPLE-ID')
}

/** Routes anyone can open without logging in (access-controlled ones have their own specs). */
export const publicRoutes: Route[] = routes.filter((route) => !('access' in route) || !route.access)

export const viewports = {
  mobile: { width: 360, height: 740 },
  desktop: { width: 1280, height: 800 },
} as const

export const packageSlugs = [
  'web-project',
  'full-stack-web-project',
  'e-commerce-project',
  'iot-project',
  'ios-app-project',
  'android-app-project',
] as const

/** A unique enough value per run, so repeated runs do not look like duplicates. */
export function runTag(): string {
  return Date.now().toString(36)
}
