import { FileUp, LogOut, Settings, UserRound } from 'lucide-react'
import { Form, href } from 'react-router'

import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { LinkButton } from '@/components/ui/link-button'
import type { User } from '@/features/accounts/types'

/** The name of the dashboard's form that logs out (the route's action reads it). */
export const LOGOUT_INTENT = 'logout'

type DashboardHeaderProps = {
  user: User
  loggingOut: boolean
  logoutError?: string
}

/** Where staff run the business from (Django's admin: a full page load). */
export const BACK_OFFICE_PATH = '/admin/'

/**
 * The top band of the dashboard: the greeting (the page's h1), who is logged in, the
 * account page, Logout, and for staff the back office and the certificate import. Logout is a form posted to
 * the dashboard's action, so it works without JavaScript too.
 */
export function DashboardHeader({ user, loggingOut, logoutError }: DashboardHeaderProps) {
  return (
    <div className="border-b border-line bg-gradient-to-b from-brand-50 to-white">
      <div className="container-page flex flex-col gap-6 py-10 sm:flex-row sm:items-end sm:justify-between sm:py-12">
        <div className="flex min-w-0 flex-col gap-2">
          <p className="text-sm font-semibold tracking-wide text-accent-700 uppercase">Dashboard</p>
          <h1 className="text-display font-extrabold break-words text-brand-950">Hi, {user.name}</h1>
          <p className="text-lg text-ink-muted">
            Logged in as <span className="font-semibold whitespace-nowrap text-ink">{user.phone_display}</span>
          </p>
        </div>
        <div className="flex flex-col gap-3 sm:items-end">
          {user.is_staff && (
            <nav aria-label="Staff" className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
              <LinkButton to={BACK_OFFICE_PATH} reloadDocument className="w-full sm:w-auto">
                <Settings className="size-4" aria-hidden="true" width={16} height={16} />
                Back office
              </LinkButton>
              {user.can_import_certificates && (
                <LinkButton to={href('/test')} variant="secondary" className="w-full sm:w-auto">
                  <FileUp className="size-4" aria-hidden="true" width={16} height={16} />
                  Import certificates
                </LinkButton>
              )}
            </nav>
          )}
          <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
            <LinkButton to={href('/account')} variant="secondary" className="w-full sm:w-auto">
              <UserRound className="size-4" aria-hidden="true" width={16} height={16} />
              Account settings
            </LinkButton>
            <Form method="post" className="w-full sm:w-auto">
              <input type="hidden" name="intent" value={LOGOUT_INTENT} />
              <Button type="submit" variant="secondary" pending={loggingOut} className="w-full sm:w-auto">
                {!loggingOut && <LogOut className="size-4" aria-hidden="true" width={16} height={16} />}
                Logout
              </Button>
            </Form>
          </div>
          <div role="alert" className="empty:hidden">
            {logoutError && <Alert tone="error">{logoutError}</Alert>}
          </div>
        </div>
      </div>
    </div>
  )
}
