import { ExternalLink } from 'lucide-react'
import { Link } from 'react-router'

import { buttonClasses } from '@/components/ui/button-styles'
import type { CatalogEvent } from '@/features/catalog/types'
import { UnavailableAction } from '@/features/catalog/components/unavailable-action'
import { isInternalPath } from '@/features/catalog/utils/links'

type RegisterActionProps = {
  event: Pick<CatalogEvent, 'title' | 'registration_open' | 'registration_url' | 'register_disabled_reason' | 'status'>
  size?: 'md' | 'lg'
  /** The page's own Register form (e.g. `#register`), when the event takes registrations on the site. */
  onSite?: string
}

/** Register Now: a link while registration is open, otherwise disabled with the reason shown. */
export function RegisterAction({ event, size = 'md', onSite }: RegisterActionProps) {
  if (onSite) {
    return (
      <a href={onSite} className={buttonClasses('primary', size)} aria-label={`Register Now: ${event.title}`}>
        Register Now
      </a>
    )
  }
  const url = event.registration_open ? event.registration_url : null
  if (!url) {
    const fallback = event.status === 'past' ? 'This event has ended.' : 'Registration is not open yet.'
    return <UnavailableAction label="Register Now" reason={event.register_disabled_reason || fallback} />
  }
  if (isInternalPath(url)) {
    return (
      <Link to={url} className={buttonClasses('primary', size)} aria-label={`Register Now: ${event.title}`}>
        Register Now
      </Link>
    )
  }
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      className={buttonClasses('primary', size)}
      aria-label={`Register Now: ${event.title} (opens in a new tab)`}
    >
      Register Now
      <ExternalLink className="size-4" aria-hidden="true" width={16} height={16} />
    </a>
  )
}
