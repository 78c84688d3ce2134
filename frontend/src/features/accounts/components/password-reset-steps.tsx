import { KeyRound, Send } from 'lucide-react'
import { useEffect, useId, useRef } from 'react'
import { Form, Link, href } from 'react-router'

import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { PasswordField } from '@/components/ui/password-field'
import { TextField } from '@/components/ui/text-field'
import { CodeField } from '@/features/accounts/components/code-field'
import { ResendCode } from '@/features/accounts/components/resend-code'
import { maskPhone, nationalPhone } from '@/features/accounts/phone'
import type { FormFailure } from '@/lib/form-result'
import { useResendUntil } from '@/lib/use-resend-until'

export const REQUEST_INTENT = 'request'
export const RESEND_INTENT = 'resend'
export const CONFIRM_INTENT = 'confirm'

/** How long "Password changed" stays on screen before the login page opens. */
export const RESET_REDIRECT_DELAY_MS = 1500

/** /forgot-password's steps, from its URL: the phone, the code sent to it, or an email link. */
export type ResetStep =
  | { step: 'phone' }
  | { step: 'code'; phone: string; resendAt?: number }
  | { step: 'link'; uid: string; token: string }

export type ResetResult =
  | { ok: true; intent: typeof CONFIRM_INTENT; message: string; phone?: string }
  | { ok: true; intent: typeof RESEND_INTENT; message: string; resendAfter: number; sentAt: number }
  | FormFailure

type StepsProps = {
  step: ResetStep
  result?: ResetResult
  /** The intent of the form being sent, if any. */
  pending?: string
  /** Called a moment after "Password changed" is shown (with JavaScript). */
  onChanged: (details: { phone?: string }) => void
}

const linkClasses = 'font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900'

/** A refusal's message for the whole form, unless every problem is shown next to a field. */
function formMessage(failure: FormFailure | undefined, fields: readonly string[]): string | undefined {
  if (!failure) return undefined
  const onFields = Object.keys(failure.fields).filter((name) => fields.includes(name))
  const unmapped = Object.entries(failure.fields).filter(([name, text]) => !fields.includes(name) && text !== failure.message)
  if (onFields.length > 0 && unmapped.length === 0) return undefined
  return [failure.message, ...unmapped.map(([, text]) => text)].join(' ')
}

function FormProblem({ message }: { message?: string }) {
  return <div role="alert" className="empty:hidden">{message && <Alert tone="error">{message}</Alert>}</div>
}

/** Step 1: the phone number. The answer is the same whether or not it has an account. */
function PhoneStep({ failure, pending }: { failure?: FormFailure; pending: boolean }) {
  const id = useId()
  return (
    <Form method="post" noValidate className="flex flex-col gap-5">
      <input type="hidden" name="intent" value={REQUEST_INTENT} />
      <TextField
        id={`${id}-phone`}
        name="phone"
        label="Phone number"
        type="tel"
        inputMode="numeric"
        autoComplete="tel"
        hint="The number you signed up with, e.g. 98765 43210."
        maxLength={20}
        defaultValue={failure?.values.phone ?? ''}
        error={failure?.fields.phone}
        required
      />
      <Button type="submit" size="lg" pending={pending} className="w-full">
        {!pending && <Send className="size-5" aria-hidden="true" width={20} height={20} />}
        Send me a code
      </Button>
      <FormProblem message={formMessage(failure, ['phone'])} />
    </Form>
  )
}

/** The new password, with the code (step 2) or the email link's uid and token. */
function NewPasswordForm({
  hidden,
  withCode,
  failure,
  pending,
}: {
  hidden: Record<string, string>
  withCode: boolean
  failure?: FormFailure
  pending: boolean
}) {
  const id = useId()
  const fields = withCode ? ['code', 'new_password'] : ['new_password']
  return (
    <Form method="post" noValidate className="flex flex-col gap-5">
      <input type="hidden" name="intent" value={CONFIRM_INTENT} />
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {withCode && <CodeField id={`${id}-code`} error={failure?.fields.code} hint="The 6 digits from the SMS." autoFocus />}
      <PasswordField
        id={`${id}-new-password`}
        name="new_password"
        label="New password"
        autoComplete="new-password"
        hint="At least 8 characters, not all digits, and not a common password."
        error={failure?.fields.new_password}
        required
      />
      <Button type="submit" size="lg" pending={pending} className="w-full">
        {!pending && <KeyRound className="size-5" aria-hidden="true" width={20} height={20} />}
        Change password
      </Button>
      <FormProblem message={formMessage(failure, fields)} />
    </Form>
  )
}

/**
 * /forgot-password: phone → code by SMS (or the email link) → new password →
 * "Password changed" → /login. Each step is a form posted to the route's action.
 */
export function PasswordResetSteps({ step, result, pending, onChanged }: StepsProps) {
  const id = useId()
  const failure = result?.ok === false ? result : undefined
  const changed = result?.ok && result.intent === CONFIRM_INTENT ? result : undefined
  const resent = result?.ok && result.intent === RESEND_INTENT ? result : undefined
  const resendFailure = failure?.intent === RESEND_INTENT ? failure : undefined
  const confirmFailure = failure?.intent === CONFIRM_INTENT ? failure : undefined

  const resendUntil = useResendUntil(step.step === 'code' ? step.resendAt : undefined, { result, resent, refused: resendFailure })

  const onChangedRef = useRef(onChanged)
  useEffect(() => {
    onChangedRef.current = onChanged
  })
  useEffect(() => {
    if (!changed) return
    const timer = window.setTimeout(() => onChangedRef.current({ phone: changed.phone }), RESET_REDIRECT_DELAY_MS)
    return () => window.clearTimeout(timer)
  }, [changed])

  if (changed) {
    return (
      <div role="status" aria-live="polite">
        <Alert tone="success" title={changed.message}>
          <span className="block">Now log in with your new password.</span>
          <Link
            to={href('/login')}
            state={{ phone: changed.phone ? nationalPhone(changed.phone) : undefined, passwordChanged: true }}
            className="mt-1 inline-block font-semibold text-success underline underline-offset-2"
          >
            Log in
          </Link>
        </Alert>
      </div>
    )
  }

  if (step.step === 'phone') {
    return <PhoneStep failure={failure?.intent === REQUEST_INTENT ? failure : undefined} pending={pending === REQUEST_INTENT} />
  }

  if (step.step === 'link') {
    const linkDead = Boolean(confirmFailure && (confirmFailure.fields.token || confirmFailure.fields.uid))
    return (
      <div className="flex flex-col gap-6">
        <div className="flex flex-col gap-1">
          <h2 className="text-xl font-bold text-ink">Your new password</h2>
          <p className="text-ink-muted">You opened the link from our email. Choose the password you will log in with.</p>
        </div>
        {linkDead ? (
          <div role="alert">
            <Alert tone="error">
              <span className="block">{confirmFailure?.fields.token ?? confirmFailure?.fields.uid}</span>
              <Link to={href('/forgot-password')} className="mt-1 inline-block font-semibold text-danger underline underline-offset-2">
                Get a code by SMS instead
              </Link>
            </Alert>
          </div>
        ) : (
          <NewPasswordForm hidden={{ uid: step.uid, token: step.token }} withCode={false} failure={confirmFailure} pending={pending === CONFIRM_INTENT} />
        )}
      </div>
    )
  }

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-1">
        <h2 className="text-xl font-bold text-ink">Enter the code and a new password</h2>
        <p className="text-ink-muted">
          If an account has the number <span className="font-semibold whitespace-nowrap text-ink">{maskPhone(step.phone)}</span>, we sent
          it a 6-digit code. It works for 10 minutes.
        </p>
      </div>
      <NewPasswordForm hidden={{ phone: step.phone }} withCode failure={confirmFailure} pending={pending === CONFIRM_INTENT} />
      <div className="flex flex-col gap-4 border-t border-line pt-5 sm:flex-row sm:items-start sm:justify-between">
        <ResendCode
          id={`${id}-resend`}
          intent={RESEND_INTENT}
          phone={step.phone}
          until={resendUntil}
          pending={pending === RESEND_INTENT}
          message={resent ? { tone: 'success', text: resent.message } : resendFailure ? { tone: 'error', text: resendFailure.message } : undefined}
        />
        <Link to={href('/forgot-password')} className={`self-start py-2.5 whitespace-nowrap ${linkClasses}`}>
          Use another number
        </Link>
      </div>
    </div>
  )
}
