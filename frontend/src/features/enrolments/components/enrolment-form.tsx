import { ArrowRight } from 'lucide-react'
import { useId, useState, type FormEvent } from 'react'

import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { TextField } from '@/components/ui/text-field'
import { useCreateEnrolment } from '@/features/enrolments/api/create-enrolment'
import type { Enrolment } from '@/features/enrolments/api/get-my-enrolments'
import {
  CODE_MAX,
  EMAIL_MAX,
  ENROLMENT_FIELDS,
  NAME_MAX,
  normaliseCode,
  validateEnrolment,
  validateEnrolmentField,
  type EnrolmentField,
  type EnrolmentValues,
} from '@/features/enrolments/validation'
import { ApiError } from '@/lib/api-client'
import { formErrors } from '@/lib/form-errors'
import { useFormFields } from '@/lib/use-form-fields'

/**
 * This browser or account already has an open enrolment in the course (HTTP 409 with
 * can_view). Anyone else gets the 409's message next to the phone field and nothing more.
 */
export type AlreadyOpen = {
  message: string
  reference: string
}

type EnrolmentFormProps = {
  course: { slug: string; payable_fee_display: string }
  initial: Partial<EnrolmentValues>
  /** Whether the referral code came from the friend's `?ref=` link. */
  codeFromLink: boolean
  onEnrolled: (enrolment: Enrolment) => void
  onAlreadyOpen: (details: AlreadyOpen) => void
}

const EMPTY: EnrolmentValues = { name: '', phone: '', email: '', referral_code: '' }

function alreadyOpen(error: ApiError): AlreadyOpen | undefined {
  const { reference, can_view: canView } = error.extra
  if (error.status !== 409 || canView !== true || typeof reference !== 'string') return undefined
  return { message: error.message, reference }
}

/** Name, phone, email and an optional referral code: creates a pending enrolment. */
export function EnrolmentForm({ course, initial, codeFromLink, onEnrolled, onAlreadyOpen }: EnrolmentFormProps) {
  const id = useId()
  const { formRef, values, errors, isField, onChange, onBlur, submit, showErrors } = useFormFields<EnrolmentField, EnrolmentValues>({
    fields: ENROLMENT_FIELDS,
    initial: { ...EMPTY, ...initial },
    validateField: validateEnrolmentField,
  })
  const [problem, setProblem] = useState<string>()
  const enrol = useCreateEnrolment()

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (enrol.isPending) return
    setProblem(undefined)
    if (!submit(validateEnrolment(values))) return
    enrol.mutate(
      {
        course: course.slug,
        name: values.name.trim(),
        phone: values.phone.trim(),
        email: values.email.trim(),
        referral_code: normaliseCode(values.referral_code),
      },
      {
        onSuccess: onEnrolled,
        onError: (error) => {
          const apiError = error instanceof ApiError ? error : new ApiError(0, 'Something went wrong. Please try again.')
          const open = alreadyOpen(apiError)
          if (open) {
            onAlreadyOpen(open)
            return
          }
          const { fields, message } = formErrors(apiError, isField)
          showErrors(fields)
          if (message) setProblem(message)
        },
      },
    )
  }

  const field = (name: EnrolmentField) => ({
    id: `${id}-${name}`,
    name,
    value: values[name],
    error: errors[name],
    onChange,
    onBlur,
  })

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
        inputMode="tel"
        autoComplete="tel"
        hint="Your Indian mobile number, e.g. 98765 43210"
        maxLength={20}
        required
      />
      <TextField
        {...field('email')}
        label="Email"
        type="email"
        inputMode="email"
        autoComplete="email"
        spellCheck={false}
        hint="We send the confirmation and class details here."
        maxLength={EMAIL_MAX}
        required
      />
      <TextField
        {...field('referral_code')}
        label="Referral code (optional)"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        hint={codeFromLink ? 'Filled in from your friend’s link.' : 'From a friend who referred you, e.g. IRCTP3210.'}
        maxLength={CODE_MAX + 10}
        className="[&_input]:uppercase"
      />

      <div role="alert" className="empty:hidden">
        {problem && (
          <Alert tone="error" title="You are not enrolled yet">
            {problem}
          </Alert>
        )}
      </div>

      <Button type="submit" size="lg" pending={enrol.isPending} className="w-full sm:w-auto sm:self-start">
        Enrol and pay {course.payable_fee_display}
        {!enrol.isPending && <ArrowRight className="size-5" aria-hidden="true" width={20} height={20} />}
      </Button>
    </form>
  )
}
