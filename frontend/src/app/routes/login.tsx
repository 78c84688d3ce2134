import { useState } from 'react'
import { Link, Navigate, useLocation, useNavigate, useSearchParams, href } from 'react-router'

import { Alert } from '@/components/ui/alert'
import { useMe } from '@/features/accounts/api/get-me'
import { AuthLayout } from '@/features/accounts/components/auth-layout'
import { LoginForm } from '@/features/accounts/components/login-form'
import { safeNextPath } from '@/features/accounts/validation'

type LoginState = { phone?: string; signedUp?: boolean } | null

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
  const { data: user } = useMe()
  const location = useLocation()
  const navigate = useNavigate()
  const [searchParams] = useSearchParams()
  // Set as a login is sent, so the account it brings is not mistaken for "already logged in".
  const [handingOff, setHandingOff] = useState(false)
  const state = location.state as LoginState
  const next = safeNextPath(searchParams.get('next'))

  if (user && !handingOff) return <Navigate to={href('/dashboard')} replace />

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
        </div>
      }
      footer={
        <p>
          New here?{' '}
          <Link to={href('/signup')} className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900">
            Create an account
          </Link>
        </p>
      }
    >
      <LoginForm initialPhone={state?.phone} onAttempt={() => setHandingOff(true)} onLoggedIn={goOn} />
    </AuthLayout>
  )
}
