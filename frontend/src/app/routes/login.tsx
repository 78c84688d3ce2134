import { Link, redirect, type ShouldRevalidateFunctionArgs, useActionData, useLocation, useNavigate, useNavigation, useSearchParams, href } from 'react-router'

import type { Route } from './+types/login'
import type { SharingHandle } from '@/server/cache-policy'
import { Alert } from '@/components/ui/alert'
import { login } from '@/features/accounts/api/login'
import { AuthLayout } from '@/features/accounts/components/auth-layout'
import { LoginForm, type LoginResult } from '@/features/accounts/components/login-form'
import { withNext } from '@/features/accounts/next-path'
import { safeNextPath } from '@/features/accounts/validation'
import { pageMeta } from '@/app/meta'
import { formFailure, readForm } from '@/server/form.server'
import { apiClient, unwrap } from '@/lib/api-client'
import type { HydrationHandle } from '@/lib/hydration'

/** Where a logged-in visitor goes from here: `?next=` when it is one of ours, else the dashboard. */
function destination(url: URL): string {
  return safeNextPath(url.searchParams.get('next')) ?? href('/dashboard')
}

/** Someone already logged in goes on (after a login posted without JavaScript, too). */
export async function loader({ url }: Route.LoaderArgs) {
  const page = await unwrap(apiClient.GET('/api/pages/basic'))
  if (page.visitor) throw redirect(destination(url))
  return page
}

export async function action({ request }: Route.ActionArgs) {
  const { values } = await readForm(request)
  try {
    const answer = await login({ phone: (values.phone ?? '').trim(), password: values.password ?? '' })
    return { ok: true as const, message: answer.message, user: answer.user }
  } catch (error) {
    return formFailure(error, values)
  }
}

/**
 * After a login the page says "Login successful!" a moment before moving on itself (the
 * next page's loader brings the account; this one would send it on at once).
 */
export function shouldRevalidate({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return (actionResult as LoginResult | undefined)?.ok ? false : defaultShouldRevalidate
}

/** The same for every visitor without a session: a shared cache may keep it (src/server/cache-policy). */
// The page loads its scripts (src/lib/hydration.ts): the login form's checks at the field, its pending button and Show password.
export const handle: SharingHandle & HydrationHandle = { sharing: 'page', hydrate: true }

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: 'Log in', description: 'Log in with your phone number and password.' })

type LoginState = { phone?: string; signedUp?: boolean; passwordChanged?: boolean } | null

const POINTS = [
  'Your referral code, ready to copy and share',
  'A referral link for every course, and one tap to share it on WhatsApp',
  'Your session stays on this device until you log out',
]

/** A path the app itself renders: the back office and the API need a full page load. */
function isAppPath(target: string): boolean {
  const { pathname } = new URL(target, window.location.origin)
  return !['/admin', '/api/', '/static/', '/media/'].some((prefix) => pathname.startsWith(prefix))
}

export default function Page() {
  const location = useLocation()
  const navigate = useNavigate()
  const [searchParams] = useSearchParams()
  const state = location.state as LoginState
  const next = safeNextPath(searchParams.get('next'))
  const result = useActionData<typeof action>() as LoginResult | undefined
  const pending = useNavigation().state === 'submitting'

  function goOn() {
    const target = next ?? href('/dashboard')
    if (isAppPath(target)) navigate(target, { replace: true })
    else window.location.assign(target)
  }

  return (
    <AuthLayout
      eyebrow="Welcome back"
      title="Log in"
      intro="Log in with the phone number and password you signed up with."
      points={POINTS}
      notice={
        <div role="status" className="empty:hidden">
          {state?.signedUp && (
            <Alert tone="success" title="Successfully signed up">
              Now log in with your phone number and password.
            </Alert>
          )}
          {state?.passwordChanged && (
            <Alert tone="success" title="Password changed">
              Now log in with your new password.
            </Alert>
          )}
        </div>
      }
      footer={
        <p>
          New here?{' '}
          <Link to={withNext(href('/signup'), next)} className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900">
            Create an account
          </Link>
        </p>
      }
    >
      <LoginForm initialPhone={state?.phone} result={result} pending={pending} onLoggedIn={goOn} />
    </AuthLayout>
  )
}
