import { Send } from 'lucide-react'
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react'

import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { TextField } from '@/components/ui/text-field'
import { useCreatePayoutRequest } from '@/features/referrals/api/create-payout-request'
import type { PayoutRequest } from '@/features/referrals/api/get-referral-summary'
import { normaliseUpiId, upiIdError } from '@/features/referrals/validation'
import { ApiError } from '@/lib/api-client'

type PayoutFormProps = {
  /** The payable balance the request is for, as the server writes it (it pays all of it). */
  amountDisplay: string
  onRequested: (payout: PayoutRequest) => void
  /** 409: nothing to pay, or a request is already waiting; the figures are being refreshed. */
  onRefused: (message: string) => void
  onCancel: () => void
}

/**
 * The UPI ID to pay the balance to. Shown in place of the Get Rewards button; it takes
 * focus when it opens, and Cancel or Escape closes it (the section puts focus back).
 */
export function PayoutForm({ amountDisplay, onRequested, onRefused, onCancel }: PayoutFormProps) {
  const id = useId()
  const inputRef = useRef<HTMLInputElement>(null)
  const [value, setValue] = useState('')
  const [error, setError] = useState<string>()
  const [problem, setProblem] = useState<string>()
  const request = useCreatePayoutRequest()

  useEffect(() => {
    inputRef.current?.focus()
  }, [])

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (request.isPending) return
    setProblem(undefined)
    const found = upiIdError(value)
    setError(found)
    if (found) {
      inputRef.current?.focus()
      return
    }
    // mutateAsync, not mutate: the refreshed figures can close this form (the balance is
    // now pending) before the request settles, and the section must still hear the outcome.
    void request.mutateAsync({ upi_id: normaliseUpiId(value) }).then(onRequested, (cause: unknown) => {
      const known = cause instanceof ApiError ? cause : new ApiError(0, 'Something went wrong. Please try again.')
      if (known.status === 409) {
        onRefused(known.message)
        return
      }
      const fieldMessage = known.fields.upi_id
      if (fieldMessage) {
        setError(fieldMessage)
        inputRef.current?.focus()
      } else {
        setProblem(known.message)
      }
    })
  }

  function onKeyDown(event: KeyboardEvent<HTMLFormElement>) {
    if (event.key === 'Escape' && !request.isPending) {
      event.preventDefault()
      onCancel()
    }
  }

  return (
    <form noValidate onSubmit={onSubmit} onKeyDown={onKeyDown} className="flex flex-col gap-4" aria-labelledby={`${id}-heading`}>
      <div className="flex flex-col gap-1">
        <h4 id={`${id}-heading`} className="font-bold text-ink">
          Where should we send {amountDisplay}?
        </h4>
        <p className="text-sm text-ink-muted">We pay the whole payable balance to this UPI ID, usually within a few working days.</p>
      </div>
      <TextField
        ref={inputRef}
        id={`${id}-upi`}
        name="upi_id"
        label="UPI ID"
        hint="for example name@bank"
        inputMode="email"
        autoComplete="off"
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        maxLength={330}
        required
        value={value}
        error={error}
        onChange={(event) => {
          setValue(event.target.value)
          if (error && !upiIdError(event.target.value)) setError(undefined)
        }}
      />
      <div role="alert" className="empty:hidden">
        {problem && <Alert tone="error">{problem}</Alert>}
      </div>
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        <Button type="submit" pending={request.isPending}>
          {!request.isPending && <Send className="size-4" aria-hidden="true" width={16} height={16} />}
          Request {amountDisplay}
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel} disabled={request.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  )
}
