import { Send } from 'lucide-react'
import { useId, useState, type FormEvent } from 'react'

import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Select } from '@/components/ui/select'
import { TextArea } from '@/components/ui/text-area'
import { TextField } from '@/components/ui/text-field'
import { useCreateEnquiry } from '@/features/enquiries/api/create-enquiry'
import {
  FIELD_ORDER,
  LIMITS,
  validateEnquiry,
  validateField,
  type EnquiryField,
  type EnquiryValues,
} from '@/features/enquiries/validation'
import { ApiError } from '@/lib/api-client'
import { formErrors } from '@/lib/form-errors'
import { useFormFields } from '@/lib/use-form-fields'

export type PackageOption = { value: string; label: string }

type EnquiryFormProps = {
  /**
   * /getquote: the packages to choose from (loaded by the page). Choosing one is optional:
   * "General enquiry" (none) sends a plain contact message, a package a quote request.
   * Without them (the home page) the form is a contact form with no package field.
   */
  packages?: readonly PackageOption[]
  packagesLoading?: boolean
  /** The package to select first (e.g. from `?package=`), if it is among the options. */
  initialPackage?: string
  /** The subject to fill in first (e.g. from `?subject=`, set by "Ask about this course"). */
  initialSubject?: string
}

export const GENERAL_ENQUIRY = 'General enquiry'

const EMPTY: EnquiryValues = { name: '', email: '', subject: '', package: '', message: '', website: '' }

/**
 * The contact form (home page) and the contact / quote form (/getquote): one component, so
 * both get the same validation, error mapping and announcements.
 */
export function EnquiryForm({ packages, packagesLoading = false, initialPackage, initialSubject }: EnquiryFormProps) {
  const id = useId()
  const offersPackages = packages !== undefined
  const slugs = (packages ?? []).map((option) => option.value)
  const { formRef, values, errors, isField, onChange, onBlur, submit, showErrors, reset } = useFormFields<EnquiryField, EnquiryValues>({
    fields: FIELD_ORDER,
    initial: () => ({ ...EMPTY, package: initialPackage ?? '', subject: (initialSubject ?? '').trim().slice(0, LIMITS.subject) }),
    validateField,
  })
  const [formError, setFormError] = useState<string>()
  const [success, setSuccess] = useState<string>()
  const enquiry = useCreateEnquiry()

  // A preselected slug that is not (or not yet) among the options shows as a general enquiry.
  const selectedPackage = slugs.includes(values.package) ? values.package : ''
  const isQuote = selectedPackage !== ''
  const fieldId = (field: string) => `${id}-${field}`

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (enquiry.isPending) return
    setFormError(undefined)
    setSuccess(undefined)
    if (!submit(validateEnquiry(values))) return

    enquiry.mutate(
      {
        kind: isQuote ? 'quote' : 'contact',
        name: values.name.trim(),
        email: values.email.trim(),
        subject: values.subject.trim(),
        message: values.message.trim(),
        package: isQuote ? selectedPackage : null,
        website: values.website,
      },
      {
        onSuccess: (data) => {
          reset(EMPTY)
          setSuccess(data.message)
        },
        onError: (error) => {
          const apiError = error instanceof ApiError ? error : new ApiError(0, 'Something went wrong. Please try again.')
          const shown = (name: string): name is EnquiryField => isField(name) && (name !== 'package' || offersPackages)
          const { fields, message } = formErrors(apiError, shown)
          showErrors(fields)
          if (message) setFormError(message)
        },
      },
    )
  }

  const common = (field: EnquiryField) => ({
    id: fieldId(field),
    name: field,
    error: errors[field],
    onChange,
    onBlur,
    required: field !== 'package',
  })

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="relative flex flex-col gap-5" aria-describedby={`${id}-required-note`}>
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

      <TextField {...common('subject')} label="Subject" maxLength={LIMITS.subject} value={values.subject} />

      {offersPackages && (
        <Select
          {...common('package')}
          label="Package (optional)"
          value={selectedPackage}
          hint={packagesLoading ? 'Loading packages…' : 'Choose a project package for a quote, or keep “General enquiry”.'}
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

      <div role="alert" className="empty:hidden">
        {formError && (
          <Alert tone="error" title="Your message was not sent">
            {formError}
          </Alert>
        )}
      </div>
      <div role="status" aria-live="polite" className="empty:hidden">
        {success && (
          <Alert tone="success" title="Message sent">
            {success}
          </Alert>
        )}
      </div>

      <div>
        <Button type="submit" size="lg" pending={enquiry.isPending} className="w-full sm:w-auto">
          {!enquiry.isPending && <Send className="size-5" aria-hidden="true" width={20} height={20} />}
          {isQuote ? 'Request a quote' : 'Send message'}
        </Button>
      </div>
    </form>
  )
}
