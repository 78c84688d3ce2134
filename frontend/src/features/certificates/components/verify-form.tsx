import { Search } from 'lucide-react'
import { useId, useRef, useState, type FormEvent } from 'react'
import { Form, href } from 'react-router'

import { Button } from '@/components/ui/button'
import { controlClasses } from '@/components/ui/field-props'
import { normaliseCertificateId } from '@/features/certificates/certificate-id'

export const EMPTY_ID_MESSAGE = 'Please enter a certificate ID'

type VerifyFormProps = {
  /** The ID being shown (from the URL), to start the field with. */
  initialValue?: string
  /** The server's answer to an empty GET submit (without JavaScript). */
  initialError?: string
  /** Called with the normalised (trimmed, upper-case), non-empty ID. */
  onVerify: (certificateId: string) => void
  pending?: boolean
}

/**
 * The Certificate ID field and Verify button: a GET form to /verify?id=<ID> (which the
 * server sends on to /verify/<ID>), handled in the page when JavaScript runs. An empty submit shows the message under the
 * field; it sits in a live region so it is announced even when focus is already there.
 */
export function VerifyForm({ initialValue = '', initialError, onVerify, pending = false }: VerifyFormProps) {
  const id = useId()
  const inputId = `${id}-certificate-id`
  const errorId = `${inputId}-error`
  const hintId = `${inputId}-hint`
  const [value, setValue] = useState(initialValue)
  const [error, setError] = useState<string | undefined>(initialError)
  const inputRef = useRef<HTMLInputElement>(null)

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const certificateId = normaliseCertificateId(value)
    if (!certificateId) {
      setError(EMPTY_ID_MESSAGE)
      inputRef.current?.focus()
      return
    }
    setError(undefined)
    setValue(certificateId)
    onVerify(certificateId)
  }

  return (
    <Form method="get" action={href('/verify')} noValidate onSubmit={onSubmit} className="flex flex-col gap-2" role="search" aria-label="Verify a certificate">
      <label htmlFor={inputId} className="text-sm font-semibold text-ink">
        Certificate ID
      </label>
      <p id={hintId} className="text-sm text-ink-muted">
        Printed at the bottom of your certificate, under “Certificate ID”. Capital or small letters both work.
      </p>
      <div className="flex flex-col gap-3 sm:flex-row">
        <input
          ref={inputRef}
          id={inputId}
          name="id"
          type="text"
          value={value}
          onChange={(event) => {
            setValue(event.target.value)
            if (error && event.target.value.trim()) setError(undefined)
          }}
          className={controlClasses}
          placeholder="e.g. WD-2025-0142"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={120}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${hintId} ${errorId}` : hintId}
        />
        <Button type="submit" size="lg" pending={pending} className="shrink-0 sm:w-36">
          {!pending && <Search className="size-5" aria-hidden="true" width={20} height={20} />}
          Verify
        </Button>
      </div>
      <div id={errorId} aria-live="assertive" className="empty:hidden">
        {error && (
          <p className="flex items-start gap-1.5 text-sm font-medium text-danger">
            <svg viewBox="0 0 20 20" width="16" height="16" className="mt-0.5 shrink-0" fill="currentColor" aria-hidden="true">
              <path d="M10 1.5a8.5 8.5 0 1 0 0 17 8.5 8.5 0 0 0 0-17Zm-.9 4.5h1.8v5.5H9.1V6Zm.9 9a1.1 1.1 0 1 1 0-2.2 1.1 1.1 0 0 1 0 2.2Z" />
            </svg>
            <span>{error}</span>
          </p>
        )}
      </div>
    </Form>
  )
}
