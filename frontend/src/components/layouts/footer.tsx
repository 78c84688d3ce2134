import { Mail, MapPin, Phone } from 'lucide-react'
import { Link } from 'react-router'

import { LogoMark } from '@/components/layouts/logo-mark'
import type { NavItem } from '@/components/layouts/nav-items'
import { SocialLinks } from '@/components/ui/social-links'
import type { components } from '@/api/schema'

type SiteSettings = components['schemas']['SiteOut']

type FooterProps = {
  site?: SiteSettings
  blurb: string
  explore: readonly NavItem[]
  policies: readonly NavItem[]
  year?: number
}

// At least 24 px tall (WCAG 2.2 target size): a line of small text alone is 17 px.
const footerLink = 'inline-flex min-h-6 items-center rounded-sm text-brand-100 underline-offset-4 hover:text-white hover:underline'

export function Footer({ site, blurb, explore, policies, year = new Date().getFullYear() }: FooterProps) {
  const brand = site?.brand_name ?? ''
  return (
    <footer className="bg-brand-950 text-brand-100">
      <div className="container-page grid grid-cols-2 gap-x-6 gap-y-10 py-12 lg:grid-cols-[1.4fr_1fr_1fr_1.2fr] lg:gap-8">
        <div className="col-span-2 flex flex-col gap-4 lg:col-span-1">
          <p className="flex items-center gap-2.5 text-lg font-bold text-white">
            <LogoMark size={32} />
            {brand}
          </p>
          <p className="max-w-xs text-sm leading-relaxed">{site?.tagline || blurb}</p>
          {site && <SocialLinks links={site.socials} tone="dark" />}
        </div>

        <nav aria-label="Explore">
          <h2 className="text-sm font-semibold tracking-wide text-white uppercase">Explore</h2>
          <ul className="mt-4 flex flex-col gap-2 text-sm">
            {explore.map((item) => (
              <li key={item.to}>
                <Link to={item.to} className={footerLink}>
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <nav aria-label="Policies">
          <h2 className="text-sm font-semibold tracking-wide text-white uppercase">Policies</h2>
          <ul className="mt-4 flex flex-col gap-2 text-sm">
            {policies.map((item) => (
              <li key={item.to}>
                <Link to={item.to} className={footerLink}>
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        {site && (
          <div className="col-span-2 lg:col-span-1">
            <h2 className="text-sm font-semibold tracking-wide text-white uppercase">Contact</h2>
            <address className="mt-4 flex flex-col gap-2 text-sm not-italic">
              <a href={`mailto:${site.email}`} className={`${footerLink} gap-2.5 break-all`}>
                <Mail className="size-4 shrink-0" aria-hidden="true" width={16} height={16} />
                {site.email}
              </a>
              <a href={`tel:${site.phone}`} className={`${footerLink} gap-2.5`}>
                <Phone className="size-4 shrink-0" aria-hidden="true" width={16} height={16} />
                {site.phone_display || site.phone}
              </a>
              <p className="flex items-start gap-2.5">
                <MapPin className="mt-0.5 size-4 shrink-0" aria-hidden="true" width={16} height={16} />
                <span className="whitespace-pre-line">{site.address}</span>
              </p>
            </address>
          </div>
        )}
      </div>
      <div className="border-t border-white/10">
        <p className="container-page py-5 text-sm text-brand-200">
          © {year} {brand}. All rights reserved.
        </p>
      </div>
    </footer>
  )
}
