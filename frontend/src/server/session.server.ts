import { redirect } from 'react-router'

import { getMe, type User } from '@/features/accounts/api/get-me'
import { hasSessionCookie, oncePerRequest } from '@/server/api-scope.server'

/**
 * Who is logged in (null for a visitor), asked of Django once per request; without a
 * session cookie nobody is, and Django is not asked.
 */
export function currentUser(): Promise<User | null> {
  return oncePerRequest('me', () => (hasSessionCookie() ? getMe() : Promise.resolve(null)))
}

/** Pages for accounts: a visitor goes to /login first, and comes back after (`next`). */
export async function requireUser(url: URL): Promise<User> {
  const user = await currentUser()
  if (!user) {
    const { pathname, search } = url
    throw redirect(`/login?${new URLSearchParams({ next: `${pathname}${search}` })}`)
  }
  return user
}

/** Login and sign-up: someone already logged in goes to their dashboard (or to `next`, a checked path). */
export async function redirectLoggedIn(next?: string): Promise<void> {
  if (await currentUser()) throw redirect(next ?? '/dashboard')
}
