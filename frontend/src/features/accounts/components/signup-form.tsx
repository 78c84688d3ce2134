import { UserPlus } from 'lucide-react'
import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { Link, href } from 'react-router'

import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { PasswordField } from '@/components/ui/password-field'
import { TextField } from '@/components/ui/text-field'
import { useSignup } from '@/features/accounts/api/signup'
import {
  NAME_MAX,
  SIGNUP_FIELDS,
  validateSignup,
  validateSignupField,
  type SignupField,
  type SignupValues,
} from '@/features/accounts/validation'
import { ApiError } from '@/lib/api-client'
import { formErrors } from '@/lib/form-errors'
import { useFormFields } from '@/lib/use-form-fields'

/** How long "Successfully signed up" stays on screen before the login page opens. */
export const SIGNUP_REDIRECT_DELAY_MS = 1500

type SignupFormProps = {
  initialPhone?: string
  /** Called a moment after "Successfully signed up" is shown, with the phone as typed. */
  onSignedUp: (details: { phone: string; message: string }) => void
}

type Problem = { message: string; phoneTaken: boolean }

const EMPTY: SignupValues = { name: '', phone: '', password: '', email: '' }

export function SignupForm({ initialPhone = '', onSignedUp }: SignupFormProps) {
  const id = useId()
  const { formRef, values, errors, isField, onChange, onBlur, submit, showErrors } = useFormFields<SignupField, SignupValues>({
    fields: SIGNUP_FIELDS,
    initial: { ...EMPTY, phone: initialPhone },
    validateField: validateSignupField,
  })
  const [problem, setProblem] = useState<Problem>()
  const [success, setSuccess] = useState<{ phone: string; message: string }>()
  const signup = useSignup()

  const onSignedUpRef = useRef(onSignedUp)
  useEffect(() => {
    onSignedUpRef.current = onSignedUp
  })
  useEffect(() => {
    if (!success) return
    const timer = window.setTimeout(() => onSignedUpRef.current(success), SIGNUP_REDIRECT_DELAY_MS)
    return () => window.clearTimeout(timer)
  }, [success])

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (signup.isPending || success) return
    setProblem(undefined)
    if (!submit(validateSignup(values))) return
    const phone = values.phone.trim()
    signup.mutate(
      { name: values.name.trim(), phone, password: values.password, email: values.email.trim() },
      {
        onSuccess: (data) => setSuccess({ phone, message: data.message }),
        onError: (error) => {
          const apiError = error instanceof ApiError ? error : new ApiError(0, 'Something went wrong. Please try again.')
          if (apiError.status === 409) {
            // The phone already has an account: say so once, with the way to log in.
            setProblem({ message: apiError.message, phoneTaken: true })
            return
          }
          const { fields, message } = formErrors(apiError, isField)
          showErrors(fields)
          if (message) setProblem({ message, phoneTaken: false })
        },
      },
    )
  }

  const field = (name: SignupField) => ({
    id: `${id}-${name}`,
    name,
    value: values[name],
    error: errors[name],
    onChange,
    onBlur,
  })

  const busy = signup.isPending || Boolean(success)

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="flex flex-col gap-5" aria-describedby={`${id}-required-note`}>
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

      <Button type="submit" size="lg" pending={busy} className="w-full">
        {!busy && <UserPlus className="size-5" aria-hidden="true" width={20} height={20} />}
        Sign up
      </Button>

      <div role="alert" className="empty:hidden">
        {problem && (
          <Alert tone="error">
            <span className="block">{problem.message}</span>
            {problem.phoneTaken && (
              <Link to={href('/login')} state={{ phone: values.phone.trim() }} className="mt-1 inline-block font-semibold text-danger underline underline-offset-2">
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
    </form>
  )
}
