import { pages } from '@/routes'

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
}

/**
 * /sitemap.xml: every page the route table marks for it (src/routes.ts), at the site's
 * public address (SITE_URL).
 */
export function loader() {
  const site = (process.env.SITE_URL ?? '').replace(/\/$/, '')
  const urls = pages.filter((page) => page.sitemap).map((page) => `  <url><loc>${escapeXml(site + page.path)}</loc></url>`)
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n')
  return new Response(body, {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  })
}
