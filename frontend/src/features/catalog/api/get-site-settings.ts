import type { components } from '@/api/schema'

/** The site's settings (brand, contacts, socials): the page data's `site`. */
export type SiteSettings = components['schemas']['SiteOut']
export type SocialLink = SiteSettings['socials'][number]
