import { BadgeCheck, Ban, CircleX, FileCheck } from 'lucide-react'
import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react'
import { Form } from 'react-router'

import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { CREDENTIAL_MAX_BYTES, CREDENTIAL_MISSING_MESSAGE, CREDENTIAL_TOO_LARGE_MESSAGE } from '@/features/certificates/api/check-credential'
import type { CredentialCheck } from '@/features/certificates/types'
import { VERDICT_TITLES } from '@/features/certificates/display'
import type { FormFailure } from '@/lib/form-result'
import { formatDateIst } from '@/lib/format'

/** The form's name in the verify route's action answers. */
export const CREDENTIAL_INTENT = 'credential-check'

/** The verify route's action answer: the API's verdict, or why the file was not checked. */
export type CredentialCheckResult = { ok: true; intent: typeof CREDENTIAL_INTENT; check: CredentialCheck } | FormFailure

const TITLES_BY_REFUSAL: Record<string, string> = {
  not_json: 'This file is not JSON',
  not_credential: 'This file is not a credential',
  proof: 'This credential’s proof is not one we can check',
  unknown_key: 'This credential was not signed by us',
  too_large: 'This file is too large',
}

type Problem = { title: string; message: string }

/** Why a file was not checked, in words: the API's message under a title for its reason. */
function problemOf(result: CredentialCheckResult | undefined): Problem | undefined {
  if (!result || result.ok) return undefined
  const reason = typeof result.extra.reason === 'string' ? result.extra.reason : result.status === 413 ? 'too_large' : ''
  const title = TITLES_BY_REFUSAL[reason] ?? (result.status === 429 ? 'Too many checks' : 'We could not check this file')
  return { title, message: result.message }
}

function verdictOf(result: CredentialCheckResult | undefined): CredentialCheck | undefined {
  return result?.ok ? result.check : undefined
}

function validFromText(value: string): string {
  const date = new Date(value)
  return Number.isNaN(date.getTime()) ? value : formatDateIst(date)
}

/** What the credential names: issuer, holder, achievement, date. */
function CredentialFacts({ check, claimed }: { check: CredentialCheck; claimed: boolean }) {
  const rows: Array<[string, ReactNode]> = []
  if (check.issuer_name || check.issuer_url) {
    rows.push([
      'Issuer',
      check.issuer_url ? (
        <>
          {check.issuer_name || check.issuer_url}{' '}
          <span className="block text-sm font-normal break-all text-ink-muted">{check.issuer_url}</span>
        </>
      ) : (
        check.issuer_name
      ),
    ])
  }
  if (check.holder) rows.push(['Holder', check.holder])
  if (check.achievement) rows.push(['Achievement', check.achievement])
  if (check.valid_from) rows.push(['Issued on', validFromText(check.valid_from)])
  if (rows.length === 0) return null
  return (
    <div className="flex flex-col gap-2">
      {claimed && <p className="text-sm text-ink-muted">What the file says (not confirmed):</p>}
      <dl className="divide-y divide-line rounded-control border border-line bg-white">
        {rows.map(([label, value]) => (
          <div key={label} className="flex flex-col gap-0.5 px-4 py-3 sm:flex-row sm:gap-6">
            <dt className="text-sm font-medium text-ink-muted sm:w-32 sm:shrink-0">{label}</dt>
            <dd className="font-semibold break-words text-ink">{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  )
}

function Verdict({ check }: { check: CredentialCheck }) {
  const iconProps = { className: 'mt-0.5 size-6 shrink-0', 'aria-hidden': true, width: 24, height: 24 } as const
  const valid = check.verdict === 'valid'
  const revoked = check.verdict === 'revoked'
  const title = valid ? VERDICT_TITLES.valid : revoked ? VERDICT_TITLES.revoked : VERDICT_TITLES.not_valid
  const detail = valid
    ? 'The signature checks out, it was made with our issuing key, and the credential has not been revoked.'
    : check.reason || (revoked ? 'The issuer has revoked this credential.' : 'The credential does not match its signature.')
  return (
    <div className={`flex flex-col gap-4 rounded-control border p-4 ${valid ? 'border-green-200 bg-success-bg' : 'border-red-200 bg-danger-bg'}`}>
      <div className={`flex items-start gap-3 ${valid ? 'text-success' : 'text-danger'}`}>
        {valid ? <BadgeCheck {...iconProps} /> : revoked ? <Ban {...iconProps} /> : <CircleX {...iconProps} />}
        <div className="flex min-w-0 flex-col gap-0.5">
          <h3 className="text-lg font-bold">{title}</h3>
          {/* A long unbroken word (a file's key) wraps instead of widening the page at 360 px. */}
          <p className="text-sm font-medium [overflow-wrap:anywhere]">{detail}</p>
        </div>
      </div>
      <CredentialFacts check={check} claimed={check.verdict === 'not_valid'} />
    </div>
  )
}

type CredentialCheckFormProps = {
  /** The action's latest answer (useActionData), when it was this form's. */
  result?: CredentialCheckResult
  /** The file is being sent. */
  pending?: boolean
}

/**
 * "Check a credential file": a multipart form posting to the verify route's action, which
 * sends the file to the API. Without JavaScript the server renders the page with the
 * verdict; with it the verdict arrives here. A missing or oversized file is caught first.
 */
export function CredentialCheckForm({ result, pending = false }: CredentialCheckFormProps) {
  const id = useId()
  const inputId = `${id}-file`
  const hintId = `${inputId}-hint`
  const errorId = `${inputId}-error`
  const inputRef = useRef<HTMLInputElement>(null)
  const [error, setError] = useState<string | undefined>()
  const [problem, setProblem] = useState<Problem | undefined>(() => problemOf(result))
  const [check, setCheck] = useState<CredentialCheck | undefined>(() => verdictOf(result))

  // Each new answer from the action: its verdict, or why the file was not checked.
  const [shown, setShown] = useState(result)
  if (result !== shown) {
    setShown(result)
    setProblem(problemOf(result))
    setCheck(verdictOf(result))
  }

  /** Checked here first; a file that passes goes on to the action. */
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (pending) {
      event.preventDefault()
      return
    }
    const file = inputRef.current?.files?.[0]
    const message = !file ? CREDENTIAL_MISSING_MESSAGE : file.size > CREDENTIAL_MAX_BYTES ? CREDENTIAL_TOO_LARGE_MESSAGE : undefined
    setError(message)
    setProblem(undefined)
    setCheck(undefined)
    if (message) {
      event.preventDefault()
      inputRef.current?.focus()
    }
  }

  return (
    <section aria-labelledby={`${id}-heading`} className="flex flex-col gap-4">
      <div className="flex items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
          <FileCheck className="size-5" aria-hidden="true" width={20} height={20} />
        </span>
        <div className="flex flex-col gap-1">
          <h2 id={`${id}-heading`} className="text-xl font-bold text-ink">
            Check a credential file
          </h2>
          <p className="text-sm text-ink-muted">
            Every certificate we issue comes with a signed verifiable credential (Open Badges 3.0). Upload one to check its
            signature and whether it has been revoked.
          </p>
        </div>
      </div>
      <Form method="post" encType="multipart/form-data" noValidate onSubmit={onSubmit} className="flex flex-col gap-2">
        <input type="hidden" name="intent" value={CREDENTIAL_INTENT} />
        <label htmlFor={inputId} className="text-sm font-semibold text-ink">
          Credential file
        </label>
        <p id={hintId} className="text-sm text-ink-muted">
          The .json file from “Download verifiable credential”, at most 256 KB.
        </p>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <input
            ref={inputRef}
            id={inputId}
            name="file"
            type="file"
            accept=".json,application/json,application/ld+json"
            required
            onChange={() => setError(undefined)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${hintId} ${errorId}` : hintId}
            className="block w-full min-w-0 rounded-control border border-line bg-white text-sm text-ink file:mr-3 file:border-0 file:border-r file:border-line file:bg-surface-muted file:px-3.5 file:py-2.5 file:font-semibold file:text-ink"
          />
          <Button type="submit" variant="secondary" size="lg" pending={pending} className="shrink-0 sm:w-36">
            Check file
          </Button>
        </div>
        <div id={errorId} aria-live="assertive" className="empty:hidden">
          {error && <p className="text-sm font-medium text-danger">{error}</p>}
        </div>
      </Form>
      <div role="alert" className="empty:hidden">
        {problem && (
          <Alert tone="error" title={problem.title}>
            {problem.message}
          </Alert>
        )}
      </div>
      <div role="status" aria-live="polite" className="empty:hidden">
        {check && <Verdict check={check} />}
      </div>
    </section>
  )
}
