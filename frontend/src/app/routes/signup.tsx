import { useState } from 'react'
import { Link, Navigate, useActionData, useLocation, useNavigate, useNavigation, href } from 'react-router'

import type { Route } from './+types/signup'
import { Alert } from '@/components/ui/alert'
import { useMe } from '@/features/accounts/api/get-me'
import { signup } from '@/features/accounts/api/signup'
import { AuthLayout } from '@/features/accounts/components/auth-layout'
import { SignupForm, type SignupResult } from '@/features/accounts/components/signup-form'
import { pageMeta } from '@/app/meta'
import { formFailure, readForm } from '@/server/form.server'
import { redirectLoggedIn } from '@/server/session.server'

/** Someone already logged in has an account: on to the dashboard. */
export async function loader() {
  await redirectLoggedIn()
  return null
}

export async function action({ request }: Route.ActionArgs) {
  const { values } = await readForm(request)
  const phone = (values.phone ?? '').trim()
  try {
    const answer = await signup({
      name: (values.name ?? '').trim(),
      phone,
      password: values.password ?? '',
      email: (values.email ?? '').trim(),
    })
    return { ok: true as const, message: answer.message, phone }
  } catch (error) {
    return formFailure(error, values)
  }
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: 'Sign up', description: 'Create your account to get your own referral code and rewards.' })

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
  const result = useActionData<typeof action>() as SignupResult | undefined
  const pending = useNavigation().state === 'submitting'
  // The answer the page was rendered with: a sign-up posted without JavaScript. With it,
  // answers arrive after the page and the form shows them (then the login page opens).
  const [pageAnswer] = useState(result)
  const signedUp = pageAnswer?.ok ? pageAnswer : undefined

  if (user) return <Navigate to={href('/dashboard')} replace />

  return (
    <AuthLayout
      eyebrow="Sign up"
      title="Create your account"
      intro="Sign up with your name, phone number and a password to get your referral code."
      points={POINTS}
      notice={
        <div role="status" className="empty:hidden">
          {signedUp && (
            <Alert tone="success" title={signedUp.message}>
              <span className="block">Now log in with your phone number and password.</span>
              <Link
                to={href('/login')}
                state={{ phone: signedUp.phone, signedUp: true }}
                className="mt-1 inline-block font-semibold text-success underline underline-offset-2"
              >
                Log in now
              </Link>
            </Alert>
          )}
        </div>
      }
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
        result={result}
        pending={pending}
        onSignedUp={({ phone }) => navigate(href('/login'), { state: { phone, signedUp: true } })}
      />
    </AuthLayout>
  )
}
