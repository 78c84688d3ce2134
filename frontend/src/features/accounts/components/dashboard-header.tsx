import { LogOut } from 'lucide-react'

import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import type { User } from '@/features/accounts/api/get-me'

type DashboardHeaderProps = {
  user: User
  onLogout: () => void
  loggingOut: boolean
  logoutError?: string
}

/** The top band of the dashboard: the greeting (the page's h1), who is logged in, Logout. */
export function DashboardHeader({ user, onLogout, loggingOut, logoutError }: DashboardHeaderProps) {
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
          <Button variant="secondary" onClick={onLogout} pending={loggingOut} className="w-full sm:w-auto">
            {!loggingOut && <LogOut className="size-4" aria-hidden="true" width={16} height={16} />}
            Logout
          </Button>
          <div role="alert" className="empty:hidden">
            {logoutError && <Alert tone="error">{logoutError}</Alert>}
          </div>
        </div>
      </div>
    </div>
  )
}
