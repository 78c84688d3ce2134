import { LogIn } from 'lucide-react'
import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { Link, href } from 'react-router'

import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { PasswordField } from '@/components/ui/password-field'
import { TextField } from '@/components/ui/text-field'
import type { User } from '@/features/accounts/api/get-me'
import { useLogin } from '@/features/accounts/api/login'
import {
  LOGIN_FIELDS,
  validateLogin,
  validateLoginField,
  type LoginErrors,
  type LoginField,
  type LoginValues,
} from '@/features/accounts/validation'
import { ApiError } from '@/lib/api-client'
import { useFormFields } from '@/lib/use-form-fields'

/** How long "Login successful!" stays on screen before the next page opens. */
export const LOGIN_REDIRECT_DELAY_MS = 900

type LoginFormProps = {
  /** Prefill, e.g. the phone number just signed up with. */
  initialPhone?: string
  /** Called as a login is sent: the page must not treat the coming account as "already logged in". */
  onAttempt?: () => void
  /** Called a moment after "Login successful!" is shown. */
  onLoggedIn: (user: User) => void
}

type Outcome =
  | { kind: 'success'; message: string }
  | { kind: 'no-account'; message: string }
  | { kind: 'error'; message: string }

export function LoginForm({ initialPhone = '', onAttempt, onLoggedIn }: LoginFormProps) {
  const id = useId()
  const { formRef, values, errors, isField, onChange, onBlur, submit, showErrors } = useFormFields<LoginField, LoginValues>({
    fields: LOGIN_FIELDS,
    initial: { phone: initialPhone, password: '' },
    validateField: validateLoginField,
  })
  const [outcome, setOutcome] = useState<Outcome>()
  const [user, setUser] = useState<User>()
  const login = useLogin()

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

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (login.isPending || user) return
    setOutcome(undefined)
    if (!submit(validateLogin(values))) return
    onAttempt?.()
    login.mutate(
      { phone: values.phone.trim(), password: values.password },
      {
        onSuccess: (data) => {
          setOutcome({ kind: 'success', message: data.message })
          setUser(data.user)
        },
        onError: (error) => {
          const apiError = error instanceof ApiError ? error : new ApiError(0, 'Something went wrong. Please try again.')
          const fieldErrors: LoginErrors = {}
          for (const [name, message] of Object.entries(apiError.fields)) {
            if (isField(name)) fieldErrors[name] = message
          }
          if (Object.keys(fieldErrors).length > 0) {
            showErrors(fieldErrors)
            return
          }
          const noAccount = apiError.status === 401 && apiError.message.startsWith('No Account Found')
          setOutcome({ kind: noAccount ? 'no-account' : 'error', message: apiError.message })
        },
      },
    )
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

  const busy = login.isPending || Boolean(user)

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      <TextField
        {...field('phone')}
        label="Phone number"
        type="tel"
        inputMode="numeric"
        autoComplete="username"
        hint="e.g. 98765 43210"
        maxLength={20}
      />
      <PasswordField {...field('password')} label="Password" autoComplete="current-password" />

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
    </form>
  )
}
