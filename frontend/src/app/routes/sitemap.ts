import { pages } from '@/routes'
import { apiClient, unwrap } from '@/lib/api-client'
import { sharedCacheControl } from '@/server/cache-policy'

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
}

/**
 * /sitemap.xml: every page the route table marks for it (src/routes.ts), then every page
 * found from the data (GET /api/pages/sitemap: each active course's and the bootcamp's page,
 * each event's), at the site's public address (SITE_URL). Shared as a page is, so a course
 * staff add is listed within a minute.
 */
export async function loader() {
  const site = (process.env.SITE_URL ?? '').replace(/\/$/, '')
  const { paths } = await unwrap(apiClient.GET('/api/pages/sitemap'))
  const fixed = pages.filter((page) => page.sitemap).map((page) => page.path)
  const urls = [...fixed, ...paths.filter((path) => !fixed.includes(path))].map(
    (path) => `  <url><loc>${escapeXml(site + path)}</loc></url>`,
  )
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n')
  return new Response(body, {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': sharedCacheControl('page') },
  })
}
