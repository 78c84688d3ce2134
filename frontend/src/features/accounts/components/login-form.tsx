import { LogIn } from 'lucide-react'
import { useEffect, useId, useRef, useState, type ChangeEvent, type FocusEvent, type FormEvent } from 'react'
import { Link } from 'react-router'

import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { PasswordField } from '@/components/ui/password-field'
import { TextField } from '@/components/ui/text-field'
import { links } from '@/config/paths'
import type { User } from '@/features/accounts/api/get-me'
import { useLogin } from '@/features/accounts/api/login'
import { useFocusFirstError } from '@/lib/use-focus-first-error'
import {
  LOGIN_FIELDS,
  validateLogin,
  validateLoginField,
  type LoginErrors,
  type LoginField,
  type LoginValues,
} from '@/features/accounts/validation'
import { ApiError } from '@/lib/api-client'

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

function isField(name: string): name is LoginField {
  return (LOGIN_FIELDS as readonly string[]).includes(name)
}

export function LoginForm({ initialPhone = '', onAttempt, onLoggedIn }: LoginFormProps) {
  const id = useId()
  const formRef = useRef<HTMLFormElement>(null)
  const [values, setValues] = useState<LoginValues>({ phone: initialPhone, password: '' })
  const [errors, setErrors] = useState<LoginErrors>({})
  const [submitted, setSubmitted] = useState(false)
  const [outcome, setOutcome] = useState<Outcome>()
  const [user, setUser] = useState<User>()
  const focus = useFocusFirstError(formRef, LOGIN_FIELDS, errors)
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

  function onChange(event: ChangeEvent<HTMLInputElement>) {
    const { name, value } = event.target
    if (!isField(name)) return
    const next = { ...values, [name]: value }
    setValues(next)
    if (errors[name] && !validateLoginField(name, next)) setErrors((current) => ({ ...current, [name]: undefined }))
  }

  function onBlur(event: FocusEvent<HTMLInputElement>) {
    const { name } = event.target
    if (!submitted || !isField(name)) return
    setErrors((current) => ({ ...current, [name]: validateLoginField(name, values) }))
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (login.isPending || user) return
    setSubmitted(true)
    setOutcome(undefined)
    const found = validateLogin(values)
    if (Object.keys(found).length > 0) {
      focus.request()
      setErrors(found)
      return
    }
    setErrors({})
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
            focus.request()
            setErrors(fieldErrors)
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
            <Link to={links.signup} state={{ phone: values.phone.trim() }} className="mt-1 inline-block font-semibold text-danger underline underline-offset-2">
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
