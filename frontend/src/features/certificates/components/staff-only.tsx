import { Home, LayoutDashboard, LogIn, ShieldAlert } from 'lucide-react'
import { href } from 'react-router'

import { LinkButton } from '@/components/ui/link-button'

type StaffOnlyProps = {
  /** A logged-in visitor without staff rights (the server answered 403), or nobody. */
  signedIn: boolean
  feature?: string
}

/**
 * What a non-staff visitor sees on a staff page: an explanation and a way on, and none of
 * the page's controls. The server refuses their API calls as well.
 */
export function StaffOnly({ signedIn, feature = 'Importing certificates' }: StaffOnlyProps) {
  return (
    <div className="container-page flex min-h-[60dvh] flex-col items-center justify-center gap-6 py-16 text-center">
      <span className="flex size-20 items-center justify-center rounded-full bg-danger-bg text-danger">
        <ShieldAlert className="size-10" aria-hidden="true" width={40} height={40} />
      </span>
      <p className="text-sm font-semibold tracking-wide text-accent-700 uppercase">Staff only</p>
      <h1 className="text-title font-bold text-ink">Access denied</h1>
      <p className="max-w-lg text-lg text-ink-muted">
        {feature} is for our staff.{' '}
        {signedIn
          ? 'Your account does not have staff access. If you work with us, log out and log in with your staff account.'
          : 'If you work with us, log in with your staff account.'}
      </p>
      <p className="max-w-lg text-ink-muted">Looking for your own certificate? Anyone can verify and download it on the Verify page.</p>
      <div className="flex w-full flex-col justify-center gap-3 sm:w-auto sm:flex-row">
        <LinkButton to={href('/')} size="lg">
          <Home className="size-5" aria-hidden="true" width={20} height={20} />
          Back to home
        </LinkButton>
        {signedIn ? (
          <LinkButton to={href('/dashboard')} size="lg" variant="secondary">
            <LayoutDashboard className="size-5" aria-hidden="true" width={20} height={20} />
            Go to your dashboard
          </LinkButton>
        ) : (
          <LinkButton to={`${href('/login')}?next=${encodeURIComponent(href('/test'))}`} size="lg" variant="secondary">
            <LogIn className="size-5" aria-hidden="true" width={20} height={20} />
            Log in
          </LinkButton>
        )}
        <LinkButton to={href('/verify')} size="lg" variant="ghost">
          Verify a certificate
        </LinkButton>
      </div>
    </div>
  )
}
