import { LogIn } from 'lucide-react'
import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { Form, Link, href } from 'react-router'

import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { PasswordField } from '@/components/ui/password-field'
import { TextField } from '@/components/ui/text-field'
import type { User } from '@/features/accounts/types'
import {
  LOGIN_FIELDS,
  validateLogin,
  validateLoginField,
  type LoginErrors,
  type LoginField,
  type LoginValues,
} from '@/features/accounts/validation'
import type { FormFailure } from '@/lib/form-result'
import { useFormFields } from '@/lib/use-form-fields'

/** How long "Login successful!" stays on screen before the next page opens. */
export const LOGIN_REDIRECT_DELAY_MS = 900

/** The login route's action answer: the account, or the API's refusal. */
export type LoginResult = { ok: true; message: string; user: User } | FormFailure

type LoginFormProps = {
  /** Prefill, e.g. the phone number just signed up with. */
  initialPhone?: string
  /** The action's latest answer (useActionData). */
  result?: LoginResult
  /** The form is being sent. */
  pending?: boolean
  /** Called a moment after "Login successful!" is shown. */
  onLoggedIn: (user: User) => void
}

type Outcome =
  | { kind: 'success'; message: string }
  | { kind: 'no-account'; message: string }
  | { kind: 'error'; message: string }

function isField(name: string): name is LoginField {
  return (LOGIN_FIELDS as readonly string[]).includes(name)
}

/** A refusal's field errors, or none when the message is for the whole form. */
function fieldErrorsOf(result: LoginResult | undefined): LoginErrors {
  const errors: LoginErrors = {}
  if (result?.ok !== false) return errors
  for (const [name, message] of Object.entries(result.fields)) {
    if (isField(name)) errors[name] = message
  }
  return errors
}

function outcomeOf(result: LoginResult | undefined): Outcome | undefined {
  if (!result) return undefined
  if (result.ok) return { kind: 'success', message: result.message }
  if (Object.keys(fieldErrorsOf(result)).length > 0) return undefined
  const noAccount = result.status === 401 && result.message.startsWith('No Account Found')
  return { kind: noAccount ? 'no-account' : 'error', message: result.message }
}

/**
 * Posts to the login route's action: without JavaScript the server answers with the page
 * (errors in the form, or straight on to the dashboard); with it, the answer arrives here.
 */
export function LoginForm({ initialPhone = '', result, pending = false, onLoggedIn }: LoginFormProps) {
  const id = useId()
  const { formRef, values, errors, onChange, onBlur, submit, showErrors } = useFormFields<LoginField, LoginValues>({
    fields: LOGIN_FIELDS,
    initial: { phone: (result?.ok === false ? result.values.phone : undefined) ?? initialPhone, password: '' },
    validateField: validateLoginField,
    initialErrors: fieldErrorsOf(result),
  })
  const [outcome, setOutcome] = useState<Outcome | undefined>(() => outcomeOf(result))
  const [user, setUser] = useState<User | undefined>(result?.ok ? result.user : undefined)

  // Each new answer from the action: its message, its field errors, or the account.
  const [shown, setShown] = useState(result)
  if (result !== shown) {
    setShown(result)
    setOutcome(outcomeOf(result))
    if (result?.ok) setUser(result.user)
    else if (result) showErrors(fieldErrorsOf(result))
  }

  // Leave "Login successful!" up for a moment, then hand over to the page.
  const onLoggedInRef = useRef(onLoggedIn)
  useEffect(() => {
    onLoggedInRef.current = onLoggedIn
  })
  useEffect(() => {
    if (!user) return
    const timer = window.setTimeout(() => onLoggedInRef.current(user), LOGIN_REDIRECT_DELAY_MS)
    return () => window.clearTimeout(timer)
  }, [user])

  /** Checked here first; a form that passes goes on to the action. */
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (pending || user) {
      event.preventDefault()
      return
    }
    setOutcome(undefined)
    if (!submit(validateLogin(values))) event.preventDefault()
  }

  const field = (name: LoginField) => ({
    id: `${id}-${name}`,
    name,
    value: values[name],
    error: errors[name],
    onChange,
    onBlur,
    required: true,
  })

  const busy = pending || Boolean(user)

  return (
    <Form ref={formRef} method="post" noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      <TextField
        {...field('phone')}
        label="Phone number"
        type="tel"
        inputMode="numeric"
        autoComplete="username"
        hint="e.g. 98765 43210"
        maxLength={20}
      />
      <div className="flex flex-col gap-2">
        <PasswordField {...field('password')} label="Password" autoComplete="current-password" />
        <Link to={href('/forgot-password')} className="self-end text-sm font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900">
          Forgot password?
        </Link>
      </div>

      <Button type="submit" size="lg" pending={busy} className="w-full">
        {!busy && <LogIn className="size-5" aria-hidden="true" width={20} height={20} />}
        Log in
      </Button>

      {/* The result, under the form, announced: errors at once, success politely. */}
      <div role="alert" className="empty:hidden">
        {outcome?.kind === 'error' && <Alert tone="error">{outcome.message}</Alert>}
        {outcome?.kind === 'no-account' && (
          <Alert tone="error">
            <span className="block">{outcome.message}</span>
            <Link to={href('/signup')} state={{ phone: values.phone.trim() }} className="mt-1 inline-block font-semibold text-danger underline underline-offset-2">
              Sign up now
            </Link>
          </Alert>
        )}
      </div>
      <div role="status" aria-live="polite" className="empty:hidden">
        {outcome?.kind === 'success' && <Alert tone="success">{outcome.message}</Alert>}
      </div>
    </Form>
  )
}
