import { Send } from 'lucide-react'
import { useId, useRef, useState, type FormEvent } from 'react'

import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { TextField } from '@/components/ui/text-field'
import type { Enrolment } from '@/features/enrolments/api/get-my-enrolments'
import { useSubmitUtr } from '@/features/enrolments/api/submit-utr'
import { normaliseUtr, utrError } from '@/features/enrolments/validation'
import { ApiError } from '@/lib/api-client'

type UtrFormProps = {
  enrolment: Enrolment
  onSubmitted: (enrolment: Enrolment) => void
  onCancel?: () => void
}

/** The UPI transaction reference (UTR) of the payment, for staff to match with the bank. */
export function UtrForm({ enrolment, onSubmitted, onCancel }: UtrFormProps) {
  const id = useId()
  const inputRef = useRef<HTMLInputElement>(null)
  const [value, setValue] = useState(enrolment.utr)
  const [error, setError] = useState<string>()
  const [problem, setProblem] = useState<string>()
  const submit = useSubmitUtr()

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (submit.isPending) return
    setProblem(undefined)
    const found = utrError(value)
    setError(found)
    if (found) {
      inputRef.current?.focus()
      return
    }
    submit.mutate(
      { reference: enrolment.reference, utr: normaliseUtr(value) },
      {
        onSuccess: onSubmitted,
        onError: (apiError) => {
          const fieldMessage = apiError instanceof ApiError ? apiError.fields.utr : undefined
          if (fieldMessage) {
            setError(fieldMessage)
            inputRef.current?.focus()
          } else {
            setProblem(apiError.message)
          }
        },
      },
    )
  }

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-labelledby={`${id}-heading`}>
      <div className="flex flex-col gap-1">
        <h3 id={`${id}-heading`} className="text-lg font-bold text-ink">
          {enrolment.utr ? 'Correct the UTR' : 'Paid? Send us the UTR'}
        </h3>
        <p className="text-sm text-ink-muted">
          Your UPI app shows a 12-digit UTR (also called UPI Ref. No. or transaction ID) in the payment’s details. We match it
          with our bank statement to confirm your place.
        </p>
      </div>
      <TextField
        ref={inputRef}
        id={`${id}-utr`}
        name="utr"
        label="UPI transaction reference (UTR)"
        inputMode="numeric"
        autoComplete="off"
        spellCheck={false}
        hint="12 digits, e.g. 4123 5678 9012"
        maxLength={20}
        required
        value={value}
        error={error}
        onChange={(event) => {
          setValue(event.target.value)
          if (error && !utrError(event.target.value)) setError(undefined)
        }}
        className="max-w-sm"
      />
      <div role="alert" className="empty:hidden">
        {problem && <Alert tone="error">{problem}</Alert>}
      </div>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" pending={submit.isPending}>
          {!submit.isPending && <Send className="size-4" aria-hidden="true" width={16} height={16} />}
          Submit UTR
        </Button>
        {onCancel && (
          <Button type="button" variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  )
}
