import { Send } from 'lucide-react'
import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { Form, useLocation } from 'react-router'

import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { TextField } from '@/components/ui/text-field'
import type { EnrolmentAnswer } from '@/features/enrolments/answer'
import type { Enrolment } from '@/features/enrolments/types'
import { enrolmentSearch } from '@/features/enrolments/shown'
import { utrError } from '@/features/enrolments/validation'

type UtrFormProps = {
  enrolment: Enrolment
  /** The page action's latest answer to this form (intent "utr", this enrolment). */
  result?: EnrolmentAnswer
  /** The form is being sent. */
  pending?: boolean
  /** Where the form posts: by default this page naming the enrolment (`?enrolment=`). */
  action?: string
}

/** The server's refusal of the UTR: at the field, or for the form as a whole. */
function refusalOf(result: EnrolmentAnswer | undefined): { field?: string; problem?: string } | undefined {
  if (!result || result.ok) return undefined
  const field = result.fields.utr
  return field ? { field } : { problem: result.message }
}

/**
 * The UPI transaction reference (UTR) of the payment, for staff to match with the bank:
 * posts to the course page's action at this page's address naming the enrolment
 * (`?enrolment=`), so the page after the answer shows it; checked here first when
 * JavaScript runs.
 */
export function UtrForm({ enrolment, result, pending = false, action }: UtrFormProps) {
  const id = useId()
  const location = useLocation()
  const inputRef = useRef<HTMLInputElement>(null)
  const [value, setValue] = useState(() => (result?.ok === false ? result.values.utr : undefined) ?? enrolment.utr)
  const [error, setError] = useState(() => refusalOf(result)?.field)
  const [problem, setProblem] = useState(() => refusalOf(result)?.problem)
  // Without JavaScript the page opens on the field the server refused.
  const [autoFocus] = useState(() => Boolean(refusalOf(result)?.field))
  const [focusRequest, setFocusRequest] = useState(0)

  // Each new answer from the action: the refusal at the field (focused), or its message.
  const [shown, setShown] = useState(result)
  if (result !== shown) {
    setShown(result)
    const refusal = refusalOf(result)
    if (refusal) {
      setError(refusal.field)
      setProblem(refusal.problem)
      if (refusal.field) setFocusRequest((count) => count + 1)
    }
  }

  useEffect(() => {
    if (focusRequest > 0) inputRef.current?.focus()
  }, [focusRequest])

  /** Checked here first; a UTR that passes goes on to the action. */
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (pending) {
      event.preventDefault()
      return
    }
    setProblem(undefined)
    const found = utrError(value)
    setError(found)
    if (found) {
      event.preventDefault()
      inputRef.current?.focus()
    }
  }

  return (
    <Form
      method="post"
      action={action ?? `${location.pathname}${enrolmentSearch(new URLSearchParams(location.search), enrolment.reference)}`}
      preventScrollReset
      noValidate
      onSubmit={onSubmit}
      className="flex flex-col gap-4"
      aria-labelledby={`${id}-heading`}
    >
      <input type="hidden" name="intent" value="utr" />
      <input type="hidden" name="reference" value={enrolment.reference} />
      <div className="flex flex-col gap-1">
        <h3 id={`${id}-heading`} className="text-lg font-bold text-ink">
          Paid? Send us the UTR
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
        autoFocus={autoFocus || undefined}
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
        <Button type="submit" pending={pending}>
          {!pending && <Send className="size-4" aria-hidden="true" width={16} height={16} />}
          Submit UTR
        </Button>
      </div>
    </Form>
  )
}
