import { Mail, MapPin, Phone } from 'lucide-react'

import { SocialLinks } from '@/components/ui/social-links'
import { useSite } from '@/lib/page-data'

const row = 'flex items-start gap-3'
const iconBox = 'flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700'

/** The company's e-mail, phone, address and socials from the site settings the page came with. */
export function ContactDetails({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const site = useSite()
  const Heading = `h${headingLevel}` as const
  if (!site) return null
  return (
    <div className="flex flex-col gap-6 rounded-card border border-line bg-surface-muted p-6">
      <Heading className="text-lg font-bold text-ink">Other ways to reach us</Heading>
      <address className="flex flex-col gap-5 not-italic">
        <div className={row}>
          <span className={iconBox}>
            <Mail className="size-5" aria-hidden="true" width={20} height={20} />
          </span>
          <div>
            <p className="text-sm text-ink-muted">E-mail</p>
            <a href={`mailto:${site.email}`} className="font-semibold break-all text-brand-800 underline-offset-4 hover:underline">
              {site.email}
            </a>
          </div>
        </div>
        <div className={row}>
          <span className={iconBox}>
            <Phone className="size-5" aria-hidden="true" width={20} height={20} />
          </span>
          <div>
            <p className="text-sm text-ink-muted">Phone</p>
            <a href={`tel:${site.phone}`} className="font-semibold text-brand-800 underline-offset-4 hover:underline">
              {site.phone_display || site.phone}
            </a>
          </div>
        </div>
        <div className={row}>
          <span className={iconBox}>
            <MapPin className="size-5" aria-hidden="true" width={20} height={20} />
          </span>
          <div>
            <p className="text-sm text-ink-muted">Address</p>
            <p className="font-semibold whitespace-pre-line text-ink">{site.address}</p>
          </div>
        </div>
      </address>
      <SocialLinks links={site.socials} />
    </div>
  )
}
