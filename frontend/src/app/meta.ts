import type { MetaDescriptor } from 'react-router'

import type { PageHead } from '@/features/catalog/types'
import { frameOf } from '@/lib/page-data'

type Match = { id: string; loaderData?: unknown } | undefined
type MetaArgs = { matches: readonly Match[]; location: { pathname: string }; loaderData?: unknown }

type PageMeta = {
  title: string
  description: string
  /** Pages search engines should leave out (a certificate's result, the dashboard). */
  noindex?: boolean
}

function rootData(matches: readonly Match[]): { siteUrl?: string } {
  return (matches.find((match) => match?.id === 'root')?.loaderData ?? {}) as { siteUrl?: string }
}

/**
 * A page's head: "<title> | <brand>", description, canonical link, Open Graph and Twitter
 * tags, and the catalogue's JSON-LD. A loader that returns `head` (the catalogue's title,
 * description and structured data for the path) overrides the page's own title and text.
 */
export function pageMeta({ matches, location, loaderData }: MetaArgs, page: PageMeta): MetaDescriptor[] {
  const root = rootData(matches)
  const head = (loaderData as { head?: PageHead | null } | undefined)?.head ?? null
  const brand = frameOf(matches)?.site.brand_name ?? ''
  const title = `${head?.title ?? page.title}${brand ? ` | ${brand}` : ''}`
  const description = head?.description ?? page.description
  const url = `${root.siteUrl ?? ''}${location.pathname}`
  const tags: MetaDescriptor[] = [
    { title },
    { name: 'description', content: description },
    { property: 'og:type', content: 'website' },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:locale', content: 'en_IN' },
    { property: 'og:image', content: `${root.siteUrl ?? ''}/og-image.png` },
    { property: 'og:image:width', content: '1200' },
    { property: 'og:image:height', content: '630' },
    { name: 'twitter:card', content: 'summary_large_image' },
  ]
  if (brand) tags.push({ property: 'og:site_name', content: brand })
  if (page.noindex) tags.push({ name: 'robots', content: 'noindex' })
  else {
    tags.push({ tagName: 'link', rel: 'canonical', href: url }, { property: 'og:url', content: url })
  }
  for (const data of head?.json_ld ?? []) tags.push({ 'script:ld+json': data as Record<string, unknown> })
  return tags
}

/** The not-found page's head (the splat route, and any loader that answers 404). */
export const NOT_FOUND_META: PageMeta = {
  title: 'Page not found',
  description: 'The page you were looking for does not exist or has moved.',
  noindex: true,
}
