import { UserPlus } from 'lucide-react'
import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { Form, Link, href } from 'react-router'

import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { PasswordField } from '@/components/ui/password-field'
import { TextField } from '@/components/ui/text-field'
import {
  NAME_MAX,
  SIGNUP_FIELDS,
  validateSignup,
  validateSignupField,
  type SignupErrors,
  type SignupField,
  type SignupValues,
} from '@/features/accounts/validation'
import { formErrors } from '@/lib/form-errors'
import { failureError, type FormFailure } from '@/lib/form-result'
import { useFormFields } from '@/lib/use-form-fields'

/** How long "Successfully signed up" stays on screen before the login page opens. */
export const SIGNUP_REDIRECT_DELAY_MS = 1500

/** The sign-up route's action answer: signed up (with the phone as sent), or the API's refusal. */
export type SignupResult = { ok: true; message: string; phone: string } | FormFailure

type SignupFormProps = {
  initialPhone?: string
  /** The action's latest answer (useActionData). */
  result?: SignupResult
  /** The form is being sent. */
  pending?: boolean
  /**
   * Called a moment after "Successfully signed up" is shown, with the phone as sent. An
   * answer the page was rendered with (a form posted without JavaScript) is the page's to
   * show; the form starts afresh under it.
   */
  onSignedUp: (details: { phone: string; message: string }) => void
  /** The login page, with the `?next=` the sign-up was given. */
  loginPath?: string
}

type Problem = { message: string; phoneTaken: boolean }

const EMPTY: SignupValues = { name: '', phone: '', password: '', email: '' }

function isField(name: string): name is SignupField {
  return (SIGNUP_FIELDS as readonly string[]).includes(name)
}

/**
 * A refusal split between the fields and one message for the form. A phone that already
 * has an account is said once, with the way to log in, rather than also under the field.
 */
function readFailure(result: SignupResult | undefined): { fields: SignupErrors; problem?: Problem } {
  if (result?.ok !== false) return { fields: {} }
  if (result.status === 409) return { fields: {}, problem: { message: result.message, phoneTaken: true } }
  const { fields, message } = formErrors(failureError(result), isField)
  return { fields, problem: message ? { message, phoneTaken: false } : undefined }
}

/** What was typed, from a refusal the page was rendered with (never the password). */
function initialValues(result: SignupResult | undefined, initialPhone: string): SignupValues {
  const sent = result?.ok === false ? result.values : {}
  return {
    name: sent.name ?? '',
    phone: sent.phone ?? initialPhone,
    password: '',
    email: sent.email ?? '',
  }
}

/**
 * Posts to the sign-up route's action: without JavaScript the server answers with the page
 * (errors in the form, or the page's "Successfully signed up" with the way to log in); with
 * it, the answer arrives here and the login page opens after a moment.
 */
export function SignupForm({ initialPhone = '', result, pending = false, onSignedUp, loginPath = href('/login') }: SignupFormProps) {
  const id = useId()
  const { formRef, values, errors, onChange, onBlur, submit, showErrors } = useFormFields<SignupField, SignupValues>({
    fields: SIGNUP_FIELDS,
    initial: () => ({ ...EMPTY, ...initialValues(result, initialPhone) }),
    validateField: validateSignupField,
    initialErrors: readFailure(result).fields,
  })
  const [problem, setProblem] = useState<Problem | undefined>(() => readFailure(result).problem)
  const [success, setSuccess] = useState<{ phone: string; message: string }>()

  // Each new answer from the action: its message, its field errors, or the account made.
  const [shown, setShown] = useState(result)
  if (result !== shown) {
    setShown(result)
    if (result?.ok) {
      setProblem(undefined)
      setSuccess({ phone: result.phone, message: result.message })
    } else if (result) {
      const failure = readFailure(result)
      showErrors(failure.fields)
      setProblem(failure.problem)
    }
  }

  const onSignedUpRef = useRef(onSignedUp)
  useEffect(() => {
    onSignedUpRef.current = onSignedUp
  })
  useEffect(() => {
    if (!success) return
    const timer = window.setTimeout(() => onSignedUpRef.current(success), SIGNUP_REDIRECT_DELAY_MS)
    return () => window.clearTimeout(timer)
  }, [success])

  /** Checked here first; a form that passes goes on to the action. */
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (pending || success) {
      event.preventDefault()
      return
    }
    setProblem(undefined)
    if (!submit(validateSignup(values))) event.preventDefault()
  }

  const field = (name: SignupField) => ({
    id: `${id}-${name}`,
    name,
    value: values[name],
    error: errors[name],
    onChange,
    onBlur,
  })

  const busy = pending || Boolean(success)

  return (
    <Form ref={formRef} method="post" noValidate onSubmit={onSubmit} className="flex flex-col gap-5" aria-describedby={`${id}-required-note`}>
      <p id={`${id}-required-note`} className="text-sm text-ink-muted">
        Fields marked <span className="text-danger" aria-hidden="true">*</span>
        <span className="sr-only">with an asterisk</span> are required.
      </p>
      <TextField {...field('name')} label="Name" autoComplete="name" maxLength={NAME_MAX} required />
      <TextField
        {...field('phone')}
        label="Phone number"
        type="tel"
        inputMode="numeric"
        autoComplete="tel"
        hint="e.g. 98765 43210"
        maxLength={20}
        required
      />
      <PasswordField
        {...field('password')}
        label="Password"
        autoComplete="new-password"
        hint="At least 8 characters, not all digits, and not a common password."
        required
      />
      <TextField
        {...field('email')}
        label="Email (optional)"
        type="email"
        inputMode="email"
        autoComplete="email"
        spellCheck={false}
        hint="For payment receipts and resetting your password."
        maxLength={254}
      />
      <label htmlFor={`${id}-whatsapp`} className="flex min-h-11 cursor-pointer items-start gap-3 text-sm text-ink">
        <input
          id={`${id}-whatsapp`}
          type="checkbox"
          name="whatsapp_opt_in"
          defaultChecked={result?.ok === false && result.values.whatsapp_opt_in === 'on'}
          className="mt-0.5 size-4 shrink-0 accent-brand-700"
        />
        <span>Send me WhatsApp messages about my payments, tasks and certificates (optional; stop any time on your account page or by replying STOP).</span>
      </label>

      <Button type="submit" size="lg" pending={busy} className="w-full">
        {!busy && <UserPlus className="size-5" aria-hidden="true" width={20} height={20} />}
        Sign up
      </Button>

      <div role="alert" className="empty:hidden">
        {problem && (
          <Alert tone="error">
            <span className="block">{problem.message}</span>
            {problem.phoneTaken && (
              <Link to={loginPath} state={{ phone: values.phone.trim() }} className="mt-1 inline-block font-semibold text-danger underline underline-offset-2">
                Go to login
              </Link>
            )}
          </Alert>
        )}
      </div>
      <div role="status" aria-live="polite" className="empty:hidden">
        {success && (
          <Alert tone="success">
            <span className="block font-semibold">{success.message}</span>
            <span className="block">Taking you to the login page…</span>
          </Alert>
        )}
      </div>
    </Form>
  )
}
