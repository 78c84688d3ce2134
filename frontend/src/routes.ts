import { route, type RouteConfig } from '@react-router/dev/routes'

/**
 * The site's one route table. Paths are exact (matched case-sensitively, as before); a
 * module serving several paths (policy, tasks, verify, signup) gets one id per path.
 * Anything else matches the last route, the pages found from the data (app/routes/page.tsx):
 * a course's, the bootcamp's or an event's page at the Page path staff gave it in the back
 * office, or the not-found page with status 404. Which fixed pages the sitemap lists:
 * `sitemap` below (src/app/routes/sitemap.ts reads it, and adds the pages found).
 * server/page-paths.json repeats these paths for Django, which refuses them as a course's or
 * an event's Page path (src/__tests__/routes.test.ts keeps the two the same).
 */
type Page = { id: string; path: string; file: string; sitemap?: boolean }

export const pages: readonly Page[] = [
  { id: 'home', path: '/', file: 'home', sitemap: true },
  { id: 'about', path: '/about', file: 'about', sitemap: true },
  { id: 'portfolio', path: '/portfolio', file: 'portfolio', sitemap: true },
  { id: 'internship', path: '/internship', file: 'internship', sitemap: true },
  { id: 'internship-apply', path: '/internship/apply/:slug', file: 'internship-apply' },
  { id: 'courses', path: '/courses', file: 'courses', sitemap: true },
  { id: 'training', path: '/training-and-internship', file: 'training', sitemap: true },
  { id: 'projects', path: '/projects', file: 'projects', sitemap: true },
  { id: 'getquote', path: '/getquote', file: 'getquote', sitemap: true },
  { id: 'events', path: '/events', file: 'events', sitemap: true },
  { id: 'verify', path: '/verify', file: 'verify', sitemap: true },
  { id: 'download-certificate', path: '/downloadCertificate', file: 'verify' },
  { id: 'verify-result', path: '/verify/*', file: 'verify' },
  { id: 'login', path: '/login', file: 'login' },
  { id: 'signup', path: '/signup', file: 'signup' },
  { id: 'registration', path: '/registration', file: 'signup' },
  { id: 'forgot-password', path: '/forgot-password', file: 'forgot-password' },
  { id: 'account', path: '/account', file: 'account' },
  { id: 'dashboard', path: '/dashboard', file: 'dashboard' },
  { id: 'referearn', path: '/referearn', file: 'referearn', sitemap: true },
  { id: 'tasks', path: '/tasks', file: 'tasks' },
  { id: 'tasks-1', path: '/tasks-1', file: 'tasks' },
  { id: 'tasks-10', path: '/tasks-10', file: 'tasks' },
  { id: 'tasks-20', path: '/tasks-20', file: 'tasks' },
  { id: 'payment', path: '/payment', file: 'payment' },
  { id: 'invoice-check', path: '/invoice/:token', file: 'invoice-check' },
  { id: 'enrolment-link', path: '/e/:token', file: 'enrolment-link' },
  { id: 'certificate-import', path: '/test', file: 'certificate-import' },
  { id: 'terms', path: '/t&c', file: 'policy', sitemap: true },
  { id: 'privacy', path: '/privacy-policy', file: 'policy', sitemap: true },
  { id: 'refund', path: '/refund-and-cancellation-policy', file: 'policy', sitemap: true },
]

export default [
  ...pages.map((page) => route(page.path, `app/routes/${page.file}.tsx`, { id: page.id, caseSensitive: true })),
  route('sitemap.xml', 'app/routes/sitemap.ts', { id: 'sitemap' }),
  route('*', 'app/routes/page.tsx', { id: 'page' }),
] satisfies RouteConfig
