import { BadgeCheck } from 'lucide-react'
import { useEffect, useId, useRef } from 'react'
import { Form, Link, href } from 'react-router'

import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { CodeField } from '@/features/accounts/components/code-field'
import { ResendCode } from '@/features/accounts/components/resend-code'
import { SIGNUP_REDIRECT_DELAY_MS } from '@/features/accounts/components/signup-form'
import { maskPhone, nationalPhone } from '@/features/accounts/phone'
import type { FormFailure } from '@/lib/form-result'
import { useResendUntil } from '@/lib/use-resend-until'

export const VERIFY_INTENT = 'verify'
export const RESEND_INTENT = 'resend'

/** The code step's action answers: signed up, a new code sent, or the API's refusal. */
export type SignupCodeResult =
  | { ok: true; intent: typeof VERIFY_INTENT; message: string; phone: string }
  | { ok: true; intent: typeof RESEND_INTENT; message: string; resendAfter: number; sentAt: number }
  | FormFailure

type SignupCodeStepProps = {
  /** The phone the code went to, in E.164 (from the page's URL). */
  phone: string
  /** When a new code may be asked for (seconds since the epoch, from the URL). */
  resendAt?: number
  /** The action's latest answer for this step. */
  result?: SignupCodeResult
  /** Which of the step's forms is being sent. */
  pending?: typeof VERIFY_INTENT | typeof RESEND_INTENT
  /** The sign-up form again (same page, no phone): "Change number" and "Start again". */
  startPath: string
  /** The login page, with the `?next=` the sign-up was given. */
  loginPath?: string
  /** Called a moment after "Successfully signed up" is shown (with JavaScript). */
  onSignedUp: (details: { phone: string }) => void
}

/** The API's "nothing pending" answer: only the form again helps. */
function isStartAgain(result: SignupCodeResult | undefined): boolean {
  return result?.ok === false && /start again/i.test(`${result.message} ${result.fields.code ?? ''}`)
}

/**
 * After the sign-up form passed: the code sent by SMS, its one field, "Resend code" and
 * "Change number". A wrong or expired code is refused next to the field; the right one
 * makes the account ("Successfully signed up"), then the login page opens.
 */
export function SignupCodeStep({ phone, resendAt, result, pending, startPath, loginPath = href('/login'), onSignedUp }: SignupCodeStepProps) {
  const id = useId()
  const failure = result?.ok === false ? result : undefined
  const verifyFailure = failure?.intent === VERIFY_INTENT ? failure : undefined
  const resendFailure = failure?.intent === RESEND_INTENT ? failure : undefined
  const signedUp = result?.ok && result.intent === VERIFY_INTENT ? result : undefined
  const resent = result?.ok && result.intent === RESEND_INTENT ? result : undefined
  const startAgain = isStartAgain(verifyFailure) || isStartAgain(resendFailure)
  const codeError = startAgain ? undefined : verifyFailure && (verifyFailure.fields.code ?? verifyFailure.message)

  // When the next code may be asked for: from the URL, then from each new answer.
  const resendUntil = useResendUntil(resendAt, { result, resent, refused: resendFailure })

  const onSignedUpRef = useRef(onSignedUp)
  useEffect(() => {
    onSignedUpRef.current = onSignedUp
  })
  useEffect(() => {
    if (!signedUp) return
    const timer = window.setTimeout(() => onSignedUpRef.current({ phone: signedUp.phone }), SIGNUP_REDIRECT_DELAY_MS)
    return () => window.clearTimeout(timer)
  }, [signedUp])

  if (signedUp) {
    return (
      <div role="status" aria-live="polite">
        <Alert tone="success" title={signedUp.message}>
          <span className="block">Now log in with your phone number and password.</span>
          <Link
            to={loginPath}
            state={{ phone: nationalPhone(signedUp.phone), signedUp: true }}
            className="mt-1 inline-block font-semibold text-success underline underline-offset-2"
          >
            Log in now
          </Link>
        </Alert>
      </div>
    )
  }

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-1">
        <h2 className="text-xl font-bold text-ink">Confirm your phone number</h2>
        <p className="text-ink-muted">
          We sent a 6-digit code to <span className="font-semibold whitespace-nowrap text-ink">{maskPhone(phone)}</span>. It
          works for 10 minutes.
        </p>
      </div>

      {startAgain ? (
        <div role="alert">
          <Alert tone="error">
            <span className="block">{failure?.fields.code ?? failure?.message}</span>
            <Link to={startPath} className="mt-1 inline-block font-semibold text-danger underline underline-offset-2">
              Fill in the sign-up form
            </Link>
          </Alert>
        </div>
      ) : (
        <Form method="post" noValidate className="flex flex-col gap-5">
          <input type="hidden" name="intent" value={VERIFY_INTENT} />
          <input type="hidden" name="phone" value={phone} />
          <CodeField id={`${id}-code`} error={codeError} hint="The 6 digits from the SMS." autoFocus />
          <Button type="submit" size="lg" pending={pending === VERIFY_INTENT} className="w-full">
            {pending !== VERIFY_INTENT && <BadgeCheck className="size-5" aria-hidden="true" width={20} height={20} />}
            Confirm and sign up
          </Button>
        </Form>
      )}

      <div className="flex flex-col gap-4 border-t border-line pt-5 sm:flex-row sm:items-start sm:justify-between">
        <ResendCode
          id={`${id}-resend`}
          intent={RESEND_INTENT}
          phone={phone}
          until={resendUntil}
          pending={pending === RESEND_INTENT}
          message={
            resent
              ? { tone: 'success', text: resent.message }
              : resendFailure && !startAgain
                ? { tone: 'error', text: resendFailure.message }
                : undefined
          }
        />
        <Link to={startPath} className="self-start py-2.5 font-semibold whitespace-nowrap text-brand-700 underline underline-offset-2 hover:text-brand-900">
          Change number
        </Link>
      </div>
    </div>
  )
}
