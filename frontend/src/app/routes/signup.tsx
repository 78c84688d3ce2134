import { Link, Navigate, useLocation, useNavigate, href } from 'react-router'

import { useMe } from '@/features/accounts/api/get-me'
import { AuthLayout } from '@/features/accounts/components/auth-layout'
import { SignupForm } from '@/features/accounts/components/signup-form'

const POINTS = [
  'Your own referral code as soon as you sign up',
  'A reward for every friend who enrols in a course with your code',
  'Your password is stored only as a secure hash',
]

/** /signup and /registration: the same form. */
export default function Page() {
  const { data: user } = useMe()
  const location = useLocation()
  const navigate = useNavigate()
  const initialPhone = (location.state as { phone?: string } | null)?.phone

  if (user) return <Navigate to={href('/dashboard')} replace />

  return (
    <AuthLayout
      eyebrow="Sign up"
      title="Create your account"
      intro="Sign up with your name, phone number and a password to get your referral code."
      points={POINTS}
      footer={
        <p>
          Already have an account?{' '}
          <Link to={href('/login')} className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900">
            Log in
          </Link>
        </p>
      }
    >
      <SignupForm
        initialPhone={initialPhone}
        onSignedUp={({ phone }) => navigate(href('/login'), { state: { phone, signedUp: true } })}
      />
    </AuthLayout>
  )
}
