import { Link, redirect, useActionData, useNavigate, useNavigation, href } from 'react-router'

import type { Route } from './+types/forgot-password'
import type { SharingHandle } from '@/server/cache-policy'
import { confirmPasswordReset } from '@/features/accounts/api/confirm-password-reset'
import { requestPasswordReset } from '@/features/accounts/api/request-password-reset'
import { AuthLayout } from '@/features/accounts/components/auth-layout'
import {
  CONFIRM_INTENT,
  PasswordResetSteps,
  REQUEST_INTENT,
  RESEND_INTENT,
  type ResetResult,
  type ResetStep,
} from '@/features/accounts/components/password-reset-steps'
import { codeStepOf, codeStepPath, nationalPhone, toE164 } from '@/features/accounts/phone'
import { pageMeta } from '@/app/meta'
import { apiClient, unwrap } from '@/lib/api-client'
import { formFailure, readForm } from '@/server/form.server'
import type { HydrationHandle } from '@/lib/hydration'

/** The step the URL names: `?uid=&token=` (the email's link), `?phone=` (a code was sent), or the start. */
function stepOf(url: URL): ResetStep {
  const uid = url.searchParams.get('uid')
  const token = url.searchParams.get('token')
  if (uid && token) return { step: 'link', uid, token }
  const code = codeStepOf(url)
  return code ? { step: 'code', ...code } : { step: 'phone' }
}

export async function loader({ url }: Route.LoaderArgs) {
  return { ...(await unwrap(apiClient.GET('/api/pages/basic'))), step: stepOf(url) }
}

/** The phone (a code is sent, then the code step's address), "Resend code", and the new password. */
export async function action({ request }: Route.ActionArgs) {
  const { values } = await readForm(request)
  const phone = (values.phone ?? '').trim()
  if (values.intent === CONFIRM_INTENT) {
    const newPassword = values.new_password ?? ''
    try {
      // The email link's uid and token, or the phone and the code sent to it.
      const answer = values.uid
        ? await confirmPasswordReset({ uid: values.uid, token: values.token ?? '', phone: '', code: '', new_password: newPassword })
        : await confirmPasswordReset({ uid: '', token: '', phone, code: (values.code ?? '').trim(), new_password: newPassword })
      return { ok: true as const, intent: CONFIRM_INTENT, message: answer.message, phone: phone || undefined }
    } catch (error) {
      return formFailure(error, values, CONFIRM_INTENT)
    }
  }
  if (values.intent === RESEND_INTENT) {
    try {
      const answer = await requestPasswordReset({ phone })
      return { ok: true as const, intent: RESEND_INTENT, message: answer.message, resendAfter: answer.resend_after, sentAt: Date.now() }
    } catch (error) {
      return formFailure(error, values, RESEND_INTENT)
    }
  }
  let answer
  try {
    answer = await requestPasswordReset({ phone })
  } catch (error) {
    return formFailure(error, values, REQUEST_INTENT)
  }
  throw redirect(codeStepPath(href('/forgot-password'), answer.phone || (toE164(phone) ?? phone), answer.resend_after))
}

/** The same for every visitor without a session: a shared cache may keep it (src/server/cache-policy). */
// The page loads its scripts (src/lib/hydration.ts): the one-time code's resend countdown.
export const handle: SharingHandle & HydrationHandle = { sharing: 'page', hydrate: true }

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Forgot password',
    description: 'Choose a new password with a code sent to your phone.',
    noindex: true,
  })

const POINTS = [
  'A 6-digit code by SMS to the number you signed up with',
  'A link by email too, when your account has an email address',
  'Every other device is logged out once the password changes',
]

export default function Page({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate()
  const result = useActionData<typeof action>() as ResetResult | undefined
  const navigation = useNavigation()
  const pending = navigation.state === 'submitting' ? String(navigation.formData?.get('intent') ?? '') : undefined
  return (
    <AuthLayout
      eyebrow="Forgot password"
      title="Choose a new password"
      intro="We send a code to your phone; with it you choose a new password."
      points={POINTS}
      footer={
        <p>
          Remembered it?{' '}
          <Link to={href('/login')} className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900">
            Log in
          </Link>
        </p>
      }
    >
      <PasswordResetSteps
        step={loaderData.step}
        result={result}
        pending={pending}
        onChanged={({ phone }) =>
          navigate(href('/login'), { state: { phone: phone ? nationalPhone(phone) : undefined, passwordChanged: true } })
        }
      />
    </AuthLayout>
  )
}
