import { Send } from 'lucide-react'
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react'
import { Form, Link, useLocation } from 'react-router'

import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { buttonClasses } from '@/components/ui/button-styles'
import { TextField } from '@/components/ui/text-field'
import { PAYOUT_ANCHOR, PAYOUT_PARAM, searchWith } from '@/features/referrals/page-params'
import { upiIdError } from '@/features/referrals/validation'
import type { FormFailure } from '@/lib/form-result'
import { useHydrated } from '@/lib/use-hydrated'

/** The dashboard action's intent for a payout request. */
export const PAYOUT_INTENT = 'payout'

type PayoutFormProps = {
  /** The payable balance the request is for, as the server writes it (it pays all of it). */
  amountDisplay: string
  /** The action's refusal of this form (not a 409: the section shows that one). */
  failure?: FormFailure
  /** The request is on its way, or the refreshed figures are. */
  pending: boolean
  /** Just before the form is sent (with JavaScript): the section moves focus afterwards. */
  onSend: () => void
  onCancel: () => void
}

/**
 * The UPI ID to pay the balance to, posted to the dashboard's action (with or without
 * JavaScript). It checks only that the field is filled; the API's 422 shows at the field.
 * With JavaScript it takes focus when it opens, and Cancel or Escape closes it (the section
 * puts focus back); without, Cancel is a link to the page without `?payout=open`.
 */
export function PayoutForm({ amountDisplay, failure, pending, onSend, onCancel }: PayoutFormProps) {
  const id = useId()
  const hydrated = useHydrated()
  const { pathname, search } = useLocation()
  const inputRef = useRef<HTMLInputElement>(null)
  // The empty-field message, and which server answer was edited away since.
  const [emptyError, setEmptyError] = useState<string>()
  const [editedAfter, setEditedAfter] = useState<FormFailure>()
  const shownFailure = failure && failure !== editedAfter ? failure : undefined
  const error = emptyError ?? shownFailure?.fields.upi_id
  const problem = shownFailure && !shownFailure.fields.upi_id ? shownFailure.message : undefined

  useEffect(() => {
    inputRef.current?.focus()
  }, [])
  // A new refusal at the field: back to the field, as the empty check does.
  useEffect(() => {
    if (failure?.fields.upi_id) inputRef.current?.focus()
  }, [failure])

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (pending) {
      event.preventDefault()
      return
    }
    const found = upiIdError(inputRef.current?.value ?? '')
    setEmptyError(found)
    if (found) {
      event.preventDefault()
      inputRef.current?.focus()
      return
    }
    setEditedAfter(failure)
    onSend()
  }

  function onKeyDown(event: KeyboardEvent<HTMLFormElement>) {
    if (event.key === 'Escape' && !pending) {
      event.preventDefault()
      onCancel()
    }
  }

  return (
    <Form
      method="post"
      // Without JavaScript the page the server answers with opens at the form (its errors).
      action={hydrated ? undefined : `${pathname}${search}#${PAYOUT_ANCHOR}`}
      noValidate
      preventScrollReset
      onSubmit={onSubmit}
      onKeyDown={onKeyDown}
      className="flex flex-col gap-4"
      aria-labelledby={`${id}-heading`}
    >
      <input type="hidden" name="intent" value={PAYOUT_INTENT} />
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
        defaultValue={failure?.values.upi_id ?? ''}
        error={error}
        onChange={(event) => {
          if (emptyError && !upiIdError(event.target.value)) setEmptyError(undefined)
          if (shownFailure?.fields.upi_id) setEditedAfter(failure)
        }}
      />
      <div role="alert" className="empty:hidden">
        {problem && <Alert tone="error">{problem}</Alert>}
      </div>
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        <Button type="submit" pending={pending}>
          {!pending && <Send className="size-4" aria-hidden="true" width={16} height={16} />}
          Request {amountDisplay}
        </Button>
        {hydrated ? (
          <Button type="button" variant="ghost" onClick={onCancel} disabled={pending}>
            Cancel
          </Button>
        ) : (
          <Link to={{ search: searchWith(search, PAYOUT_PARAM, null), hash: PAYOUT_ANCHOR }} preventScrollReset className={buttonClasses('ghost')}>
            Cancel
          </Link>
        )}
      </div>
    </Form>
  )
}
