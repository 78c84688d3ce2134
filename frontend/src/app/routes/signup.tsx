import { useState } from 'react'
import { Link, redirect, redirectDocument, useActionData, useLocation, useNavigate, useNavigation, href } from 'react-router'

import type { Route } from './+types/signup'
import type { SharingHandle } from '@/server/cache-policy'
import { Alert } from '@/components/ui/alert'
import { resendSignupCode } from '@/features/accounts/api/resend-signup-code'
import { isCodeSent, signup } from '@/features/accounts/api/signup'
import { verifySignup } from '@/features/accounts/api/verify-signup'
import { AuthLayout } from '@/features/accounts/components/auth-layout'
import {
  RESEND_INTENT,
  SignupCodeStep,
  VERIFY_INTENT,
  type SignupCodeResult,
} from '@/features/accounts/components/signup-code-step'
import { SignupForm, type SignupResult } from '@/features/accounts/components/signup-form'
import { withNext } from '@/features/accounts/next-path'
import { codeStepOf, codeStepPath, nationalPhone } from '@/features/accounts/phone'
import { safeNextPath } from '@/features/accounts/validation'
import { pageMeta } from '@/app/meta'
import { setFlash } from '@/server/flash.server'
import { formFailure, readForm } from '@/server/form.server'
import { apiClient, unwrap } from '@/lib/api-client'
import type { HydrationHandle } from '@/lib/hydration'

/** `?next=`: where the visitor was going when the login page sent them here (checked). */
function nextOf(url: URL): string | undefined {
  return safeNextPath(url.searchParams.get('next'))
}

/**
 * Someone already logged in has an account: on to the dashboard (or `next`). `?phone=…`
 * is the code step (the sign-up form passed and a code went to that phone), so a reload
 * keeps it. `?next=` stays in the address through both steps (the forms post to it), and
 * the new account, logged in by the sign-up, goes there at the end.
 */
export async function loader({ url }: Route.LoaderArgs) {
  const next = nextOf(url)
  const page = await unwrap(apiClient.GET('/api/pages/basic'))
  if (page.visitor) throw redirect(next ?? href('/dashboard'))
  return { ...page, codeStep: codeStepOf(url) ?? null, next: next ?? null }
}

/** The sign-up form, then the code step's two forms (by intent): the code, and "Resend code". */
export async function action({ request, url }: Route.ActionArgs) {
  const { values } = await readForm(request)
  // The page's own path (/signup or /registration; `url` is without the framework's `.data`).
  const { pathname } = url
  const phone = (values.phone ?? '').trim()
  if (values.intent === VERIFY_INTENT) {
    try {
      await verifySignup({ phone, code: (values.code ?? '').trim() })
    } catch (error) {
      return formFailure(error, values, VERIFY_INTENT)
    }
    throw signedIn(url)
  }
  if (values.intent === RESEND_INTENT) {
    try {
      const answer = await resendSignupCode({ phone })
      return { ok: true as const, intent: RESEND_INTENT, message: answer.message, resendAfter: answer.resend_after, sentAt: Date.now() }
    } catch (error) {
      return formFailure(error, values, RESEND_INTENT)
    }
  }
  let answer
  try {
    answer = await signup({
      name: (values.name ?? '').trim(),
      phone,
      password: values.password ?? '',
      email: (values.email ?? '').trim(),
      whatsapp_opt_in: values.whatsapp_opt_in === 'on',
    })
  } catch (error) {
    return formFailure(error, values)
  }
  // The form passed and a code is on its way: the code step has its own address.
  if (isCodeSent(answer)) throw redirect(withNext(codeStepPath(pathname, answer.phone, answer.resend_after), nextOf(url)))
  // Phone verification is off on this server: the account exists already, logged in.
  throw signedIn(url)
}

/**
 * The account is made and logged in (the API rotated the session; its cookie goes with
 * this answer): on to `?next=` or the dashboard, with or without JavaScript. A path the
 * app does not render (the back office) needs a full page load.
 */
function signedIn(url: URL): Response {
  setFlash('signed-up')
  const target = nextOf(url) ?? href('/dashboard')
  const { pathname } = new URL(target, url)
  const appPath = !['/admin', '/api/', '/static/', '/media/'].some((prefix) => pathname.startsWith(prefix))
  return appPath ? redirect(target) : redirectDocument(target)
}

/** The same for every visitor without a session: a shared cache may keep it (src/server/cache-policy). */
// The page loads its scripts (src/lib/hydration.ts): the one-time code's resend countdown and the form's checks at the field.
export const handle: SharingHandle & HydrationHandle = { sharing: 'page', hydrate: true }

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: 'Sign up', description: 'Create your account to get your own referral code and rewards.' })

const POINTS = [
  'Your own referral code as soon as you sign up',
  'A reward for every friend who enrols in a course with your code',
  'Your password is stored only as a secure hash',
]

type ActionAnswer = SignupResult | SignupCodeResult

function isCodeStepAnswer(answer: ActionAnswer | undefined): answer is SignupCodeResult {
  const intent = (answer as { intent?: string } | undefined)?.intent
  return intent === VERIFY_INTENT || intent === RESEND_INTENT
}

/** /signup and /registration: the form, then the code sent to the phone. */
export default function Page({ loaderData }: Route.ComponentProps) {
  const location = useLocation()
  const navigate = useNavigate()
  const initialPhone = (location.state as { phone?: string } | null)?.phone
  const answer = useActionData<typeof action>() as ActionAnswer | undefined
  const navigation = useNavigation()
  const sending = navigation.state === 'submitting' ? navigation.formData?.get('intent') : undefined
  const codeStep = loaderData?.codeStep ?? undefined
  const next = loaderData?.next ?? undefined
  const loginPath = withNext(href('/login'), next)
  const result = isCodeStepAnswer(answer) ? undefined : answer
  // The answer the page was rendered with: a sign-up posted without JavaScript. With it,
  // answers arrive after the page and the form shows them (then the login page opens).
  const [pageAnswer] = useState(result)
  const signedUp = pageAnswer?.ok ? pageAnswer : undefined

  const toLogin = ({ phone }: { phone: string }) => navigate(loginPath, { state: { phone: nationalPhone(phone), signedUp: true } })

  return (
    <AuthLayout
      eyebrow="Sign up"
      title="Create your account"
      intro={
        codeStep
          ? 'One step left: enter the code we sent to your phone to confirm it is yours.'
          : 'Sign up with your name, phone number and a password to get your referral code.'
      }
      points={POINTS}
      notice={
        <div role="status" className="empty:hidden">
          {signedUp && (
            <Alert tone="success" title={signedUp.message}>
              <span className="block">Now log in with your phone number and password.</span>
              <Link
                to={loginPath}
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
          <Link to={loginPath} className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900">
            Log in
          </Link>
        </p>
      }
    >
      {codeStep ? (
        <SignupCodeStep
          key={codeStep.phone}
          phone={codeStep.phone}
          resendAt={codeStep.resendAt}
          result={isCodeStepAnswer(answer) ? answer : undefined}
          pending={sending === VERIFY_INTENT || sending === RESEND_INTENT ? sending : undefined}
          startPath={withNext(location.pathname, next)}
          loginPath={loginPath}
          onSignedUp={toLogin}
        />
      ) : (
        <SignupForm
          initialPhone={initialPhone}
          result={result}
          pending={navigation.state === 'submitting'}
          loginPath={loginPath}
          onSignedUp={toLogin}
        />
      )}
    </AuthLayout>
  )
}
