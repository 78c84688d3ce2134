import { CircleAlert, Send } from 'lucide-react'
import { useId, useState, useSyncExternalStore, type FormEvent } from 'react'
import { Form, useSubmit } from 'react-router'

import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { TextArea } from '@/components/ui/text-area'
import { TextField } from '@/components/ui/text-field'
import type { Application, InternshipDomainDetail } from '@/features/internships/types'
import {
  APPLICATION_FIELDS,
  APPLICATION_LIMITS,
  validateApplication,
  validateApplicationField,
  type ApplicationErrors,
  type ApplicationField,
  type ApplicationValues,
} from '@/features/internships/validation'
import { formErrors } from '@/lib/form-errors'
import { failureError, type FormFailure } from '@/lib/form-result'
import { useFormFields } from '@/lib/use-form-fields'

/** The apply page's action answer: the application made, or the API's refusal. */
export type ApplicationResult = { ok: true; application: Application } | FormFailure

const EMPTY: ApplicationValues = { college: '', year: '', profile_url: '', statement: '', batch: '' }

const isApplicationField = (name: string): name is ApplicationField => (APPLICATION_FIELDS as readonly string[]).includes(name)

/** True once the page runs in the browser (the server's HTML has no live counter). */
function useScripted(): boolean {
  return useSyncExternalStore(
    () => () => {},
    () => true,
    () => false,
  )
}

function answerOf(result: FormFailure): { errors: ApplicationErrors; formError?: string } {
  const { fields, message } = formErrors(failureError(result), isApplicationField)
  return { errors: fields, formError: message }
}

/** The values a refused form was posted with, to fill it again (without JavaScript too). */
function postedValues(result: FormFailure | undefined): Partial<ApplicationValues> {
  const kept: Partial<ApplicationValues> = {}
  for (const name of APPLICATION_FIELDS) {
    const value = result?.values[name]
    if (typeof value === 'string') kept[name] = value
  }
  return kept
}

type ApplicationFormProps = {
  domain: InternshipDomainDetail
  /** The action's latest refusal (useActionData), if any. */
  failure?: FormFailure
  pending?: boolean
}

/**
 * The internship application (docs/product.md section 14): the domain (shown), college or
 * organisation, year, an optional https profile link, the statement (50 to 2,000
 * characters, counted as you type once scripts run) and the preferred batch. It posts to
 * the page's action, which sends it to the API; without JavaScript the server renders the
 * answer.
 */
export function ApplicationForm({ domain, failure, pending = false }: ApplicationFormProps) {
  const id = useId()
  const submitForm = useSubmit()
  const scripted = useScripted()
  const first = failure ? answerOf(failure) : undefined
  const { formRef, values, errors, onChange, onBlur, submit, showErrors } = useFormFields<ApplicationField, ApplicationValues>({
    fields: APPLICATION_FIELDS,
    initial: () => ({ ...EMPTY, ...postedValues(failure) }),
    validateField: validateApplicationField,
    initialErrors: first?.errors,
  })
  const [formError, setFormError] = useState<string | undefined>(first?.formError)

  // Each new refusal from the action: its field errors, and the rest in one message.
  const [shown, setShown] = useState(failure)
  if (failure !== shown) {
    setShown(failure)
    if (failure) {
      const answer = answerOf(failure)
      showErrors(answer.errors)
      setFormError(answer.formError)
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (pending) return
    setFormError(undefined)
    if (!submit(validateApplication(values))) return
    void submitForm(event.currentTarget, { method: 'post' })
  }

  const fieldId = (field: string) => `${id}-${field}`
  const common = (field: ApplicationField) => ({
    id: fieldId(field),
    name: field,
    error: errors[field],
    onChange,
    onBlur,
  })
  // What the API counts: the text without the spaces around it.
  const count = values.statement.trim().length
  const batchHint = `${fieldId('batch')}-hint`
  const batchError = `${fieldId('batch')}-error`

  return (
    <Form ref={formRef} method="post" noValidate onSubmit={onSubmit} className="flex flex-col gap-5" aria-describedby={`${id}-required-note`}>
      <p id={`${id}-required-note`} className="text-sm text-ink-muted">
        Fields marked <span className="text-danger" aria-hidden="true">*</span>
        <span className="sr-only">with an asterisk</span> are required.
      </p>

      <div className="flex flex-col gap-1 rounded-control border border-line bg-surface-muted px-4 py-3">
        <span className="text-xs font-semibold tracking-wide text-ink-muted uppercase">Domain</span>
        <span className="font-semibold text-ink">
          {domain.title}
          {domain.duration && <span className="font-normal text-ink-muted"> · {domain.duration}</span>}
        </span>
      </div>

      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          {...common('college')}
          required
          label="College or organisation"
          autoComplete="organization"
          maxLength={APPLICATION_LIMITS.college}
          value={values.college}
        />
        <TextField
          {...common('year')}
          required
          label="Year of study or graduation"
          hint="For example: 3rd year B.Tech, or graduated 2024."
          maxLength={APPLICATION_LIMITS.year}
          value={values.year}
        />
      </div>

      <TextField
        {...common('profile_url')}
        label="Profile link (optional)"
        type="url"
        inputMode="url"
        spellCheck={false}
        hint="Your LinkedIn, GitHub or portfolio, such as github.com/yourname."
        maxLength={APPLICATION_LIMITS.profile_url}
        value={values.profile_url}
      />

      <div className="flex flex-col gap-1.5">
        <TextArea
          {...common('statement')}
          required
          label="Why do you want this internship?"
          rows={7}
          hint="Tell us what you have built or learnt so far and what you hope to do: between 50 and 2,000 characters."
          value={values.statement}
        />
        {scripted && (
          <p
            id={`${fieldId('statement')}-count`}
            className="self-end text-sm text-ink-muted tabular-nums"
          >
            {count.toLocaleString('en-IN')} {count === 1 ? 'character' : 'characters'}
          </p>
        )}
      </div>

      <fieldset aria-describedby={errors.batch ? `${batchHint} ${batchError}` : batchHint} className="flex flex-col gap-2">
        <legend className="text-sm font-semibold text-ink">
          Preferred batch
          <span className="text-danger" aria-hidden="true">
            {' '}
            *
          </span>
        </legend>
        <p id={batchHint} className="text-sm text-ink-muted">
          The day of the month your tasks start.
        </p>
        <div className="grid gap-2 sm:grid-cols-3">
          {domain.batches.map((batch) => {
            const radioId = `${fieldId('batch')}-${batch.day}`
            return (
              <label
                key={batch.day}
                htmlFor={radioId}
                className="flex min-h-11 cursor-pointer items-center gap-3 rounded-control border border-slate-400 bg-white px-3.5 py-2.5 has-checked:border-brand-600 has-checked:bg-brand-50 has-focus-visible:outline-3 has-focus-visible:outline-brand-200"
              >
                <input
                  id={radioId}
                  type="radio"
                  name="batch"
                  value={String(batch.day)}
                  checked={values.batch === String(batch.day)}
                  onChange={onChange}
                  onBlur={onBlur}
                  required
                  aria-invalid={errors.batch ? true : undefined}
                  className="size-4 accent-brand-700"
                />
                <span className="font-medium text-ink">{batch.label}</span>
              </label>
            )
          })}
        </div>
        {errors.batch && (
          <p id={batchError} className="flex items-start gap-1.5 text-sm font-medium text-danger">
            <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" width={16} height={16} />
            <span>{errors.batch}</span>
          </p>
        )}
      </fieldset>

      <div role="alert" className="empty:hidden">
        {formError && (
          <Alert tone="error" title="Your application was not sent">
            {formError}
          </Alert>
        )}
      </div>

      <div>
        <Button type="submit" size="lg" pending={pending} className="w-full sm:w-auto">
          {!pending && <Send className="size-5" aria-hidden="true" width={20} height={20} />}
          Send application
        </Button>
      </div>
    </Form>
  )
}
