import { Send } from 'lucide-react'
import { useId, useState, type FormEvent } from 'react'
import { Form, useLocation, useSubmit } from 'react-router'

import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Select } from '@/components/ui/select'
import { TextArea } from '@/components/ui/text-area'
import { TextField } from '@/components/ui/text-field'
import {
  FIELD_ORDER,
  LIMITS,
  validateEnquiry,
  validateField,
  type EnquiryErrors,
  type EnquiryField,
  type EnquiryValues,
} from '@/features/enquiries/validation'
import { failureError, type FormFailure } from '@/lib/form-result'
import { formErrors } from '@/lib/form-errors'
import { useFormFields } from '@/lib/use-form-fields'

export type PackageOption = { value: string; label: string }

/** The action's answer (src/features/enquiries/enquiry-action.server.ts): the thanks, or the API's refusal. */
export type EnquiryResult = { ok: true; message: string; /** The package it was sent about, kept chosen. */ package?: string } | FormFailure

type EnquiryFormProps = {
  /**
   * /getquote: the packages to choose from (loaded by the page). Choosing one is optional:
   * "General enquiry" (none) sends a plain contact message, a package a quote request.
   * Without them (the home page) the form is a contact form with no package field.
   */
  packages?: readonly PackageOption[]
  /** The package to select first (e.g. from `?package=`), if it is among the options. */
  initialPackage?: string
  /** The subject to fill in first (e.g. from `?subject=`, set by "Ask about this course"). */
  initialSubject?: string
  /** The page action's latest answer (useActionData). */
  result?: EnquiryResult
  /** The form is being sent. */
  pending?: boolean
}

export const GENERAL_ENQUIRY = 'General enquiry'

/**
 * Where a page posted without JavaScript opens: the form's action ends in `#enquiry`, and
 * the id sits on what the answer shows (the first fields with their errors, the refusal,
 * or the thanks), so the browser scrolls to it instead of to the top of the page.
 */
export const ENQUIRY_ANCHOR = 'enquiry'

const EMPTY: EnquiryValues = { name: '', email: '', phone: '', subject: '', package: '', message: '', website: '' }

type Answer = { values?: EnquiryValues; errors: EnquiryErrors; formError?: string; success?: string }

/** What the form shows for an answer: field errors next to their fields, the rest in one message. */
function answerOf(result: EnquiryResult, offersPackages: boolean): Answer {
  // Sent: an empty form for the next message, the chosen package still chosen.
  if (result.ok) return { values: { ...EMPTY, package: result.package ?? '' }, errors: {}, success: result.message }
  const shown = (name: string): name is EnquiryField =>
    (FIELD_ORDER as readonly string[]).includes(name) && (name !== 'package' || offersPackages)
  const { fields, message } = formErrors(failureError(result), shown)
  return { errors: fields, formError: message }
}

/** The values a refused form was posted with, to fill it again (no JavaScript). */
function postedValues(result: EnquiryResult | undefined): Partial<EnquiryValues> {
  if (result?.ok !== false) return {}
  const kept: Partial<EnquiryValues> = {}
  for (const name of Object.keys(EMPTY) as (keyof EnquiryValues)[]) {
    const value = result.values[name]
    if (typeof value === 'string') kept[name] = value
  }
  return kept
}

/**
 * The contact form (home page) and the contact / quote form (/getquote): one component, so
 * both get the same validation, error mapping and announcements. It posts to its page's
 * action: without JavaScript the server answers with the page (errors in the form, or the
 * thanks); with it, the answer arrives here.
 */
export function EnquiryForm({ packages, initialPackage, initialSubject, result, pending = false }: EnquiryFormProps) {
  const id = useId()
  const location = useLocation()
  const submitForm = useSubmit()
  const offersPackages = packages !== undefined
  const slugs = (packages ?? []).map((option) => option.value)
  const first = result ? answerOf(result, offersPackages) : undefined
  const { formRef, values, errors, onChange, onBlur, submit, showErrors, reset } = useFormFields<EnquiryField, EnquiryValues>({
    fields: FIELD_ORDER,
    initial: () =>
      first?.values ?? {
        ...EMPTY,
        package: initialPackage ?? '',
        subject: (initialSubject ?? '').trim().slice(0, LIMITS.subject),
        ...postedValues(result),
      },
    validateField,
    initialErrors: first?.errors,
  })
  const [formError, setFormError] = useState<string | undefined>(first?.formError)
  const [success, setSuccess] = useState<string | undefined>(first?.success)

  // Each new answer from the action: the thanks and an empty form, or the errors.
  const [shownResult, setShownResult] = useState(result)
  if (result !== shownResult) {
    setShownResult(result)
    if (result) {
      const answer = answerOf(result, offersPackages)
      if (answer.values) reset(answer.values)
      else showErrors(answer.errors)
      setFormError(answer.formError)
      setSuccess(answer.success)
    }
  }

  // A preselected slug that is not (or not yet) among the options shows as a general enquiry.
  const selectedPackage = slugs.includes(values.package) ? values.package : ''
  const isQuote = selectedPackage !== ''
  const fieldId = (field: string) => `${id}-${field}`
  const here = `${location.pathname}${location.search}`

  /**
   * Checked here first; a form that passes is sent to the page's action without the
   * `#enquiry` of its no-JavaScript address, so the page does not jump to it.
   */
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (pending) return
    setFormError(undefined)
    setSuccess(undefined)
    if (!submit(validateEnquiry(values))) return
    void submitForm(event.currentTarget, { method: 'post', action: here })
  }

  const anchorAt = Object.values(errors).some(Boolean) ? 'form' : formError ? 'alert' : success ? 'status' : 'form'
  const anchor = (place: typeof anchorAt) => (anchorAt === place ? ENQUIRY_ANCHOR : undefined)

  const common = (field: EnquiryField) => ({
    id: fieldId(field),
    name: field,
    error: errors[field],
    onChange,
    onBlur,
    required: field !== 'package' && field !== 'phone',
  })

  return (
    <Form
      ref={formRef}
      id={anchor('form')}
      method="post"
      action={`${here}#${ENQUIRY_ANCHOR}`}
      noValidate
      onSubmit={onSubmit}
      className="relative flex flex-col gap-5"
      aria-describedby={`${id}-required-note`}
    >
      <p id={`${id}-required-note`} className="text-sm text-ink-muted">
        Fields marked <span className="text-danger" aria-hidden="true">*</span>
        <span className="sr-only">with an asterisk</span> are required.
      </p>

      <div className="grid gap-5 sm:grid-cols-2">
        <TextField {...common('name')} label="Name" autoComplete="name" maxLength={LIMITS.name} value={values.name} />
        <TextField
          {...common('email')}
          label="Email"
          type="email"
          inputMode="email"
          autoComplete="email"
          spellCheck={false}
          maxLength={LIMITS.email}
          value={values.email}
        />
      </div>

      <TextField
        {...common('phone')}
        label="Phone or WhatsApp (optional)"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        maxLength={LIMITS.phone}
        value={values.phone}
        hint="So we can call you or reply on WhatsApp, e.g. 98765 43210."
      />

      <TextField {...common('subject')} label="Subject" maxLength={LIMITS.subject} value={values.subject} />

      {offersPackages && (
        <Select
          {...common('package')}
          label="Package (optional)"
          value={selectedPackage}
          hint="Choose a project package for a quote, or keep “General enquiry”."
        >
          <option value="">{GENERAL_ENQUIRY}</option>
          {packages.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Select>
      )}

      <TextArea
        {...common('message')}
        label="Message"
        rows={6}
        value={values.message}
        hint={`Up to ${LIMITS.message.toLocaleString('en-IN')} characters.`}
      />

      {/* Honeypot: people never see or reach it; bots that fill every field give themselves away. */}
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label htmlFor={fieldId('website')}>Leave this field empty</label>
        <input
          id={fieldId('website')}
          name="website"
          type="text"
          tabIndex={-1}
          autoComplete="off"
          value={values.website}
          onChange={onChange}
        />
      </div>

      <div id={anchor('alert')} role="alert" className="empty:hidden">
        {formError && (
          <Alert tone="error" title="Your message was not sent">
            {formError}
          </Alert>
        )}
      </div>
      <div id={anchor('status')} role="status" aria-live="polite" className="empty:hidden">
        {success && (
          <Alert tone="success" title="Message sent">
            {success}
          </Alert>
        )}
      </div>

      <div>
        <Button type="submit" size="lg" pending={pending} className="w-full sm:w-auto">
          {!pending && <Send className="size-5" aria-hidden="true" width={20} height={20} />}
          {isQuote ? 'Request a quote' : 'Send message'}
        </Button>
      </div>
    </Form>
  )
}
