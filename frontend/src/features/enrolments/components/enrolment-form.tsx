import { ArrowRight } from 'lucide-react'
import { useId, useState, type FormEvent } from 'react'
import { Form } from 'react-router'

import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Select } from '@/components/ui/select'
import { TextField } from '@/components/ui/text-field'
import type { EnrolmentAnswer } from '@/features/enrolments/answer'
import type { Batch, State } from '@/features/enrolments/types'
import {
  BUSINESS_NAME_MAX,
  CODE_MAX,
  COUPON_MAX,
  EMAIL_MAX,
  GSTIN_MAX,
  ENROLMENT_FIELDS,
  NAME_MAX,
  validateEnrolment,
  validateEnrolmentField,
  type EnrolmentErrors,
  type EnrolmentField,
  type EnrolmentValues,
} from '@/features/enrolments/validation'
import { formErrors } from '@/lib/form-errors'
import { failureError, type FormFailure } from '@/lib/form-result'
import { useFormFields } from '@/lib/use-form-fields'

type EnrolmentFormProps = {
  course: { slug: string; payable_fee_display: string }
  /** India's states and union territories (the page's data). */
  states: readonly State[]
  initial: Partial<EnrolmentValues>
  /** Whether the referral code came from the friend's `?ref=` link. */
  codeFromLink: boolean
  /** Whether the discount code came from the offer's `?coupon=` link. */
  codeFromOffer?: boolean
  /** The page action's latest answer to this form (intent "enrol"). */
  result?: EnrolmentAnswer
  /** The form is being sent. */
  pending?: boolean
  /**
   * The course's open batches (a course with batches): more than one, the form asks which
   * ("Batch"); one, it is chosen by itself. None: the server places the student later.
   */
  batches?: readonly Batch[]
  /** The batch to choose first (the waitlist's "a seat is free" link's `?batch=`). */
  batchChosen?: string
}

const EMPTY: EnrolmentValues = { name: '', phone: '', email: '', referral_code: '', coupon: '', state: '', gstin: '', business_name: '' }

function isEnrolmentField(name: string): name is EnrolmentField {
  return (ENROLMENT_FIELDS as readonly string[]).includes(name)
}

/**
 * A refusal this form shows: field errors next to the fields, the rest as one message.
 * Not one that named the visitor's own enrolment (a 409): the section shows that instead.
 */
function refusalOf(
  result: EnrolmentAnswer | undefined,
  withBatch = false,
): { fields: EnrolmentErrors & { batch?: string }; message?: string } | undefined {
  if (!result || result.ok || result.reference) return undefined
  const isField = (name: string): name is EnrolmentField | 'batch' => isEnrolmentField(name) || (withBatch && name === 'batch')
  return formErrors(failureError(result), isField)
}

/** The batch first chosen: the one sent (no JavaScript), else the one asked for, else the earliest. */
function batchOf(result: EnrolmentAnswer | undefined, batches: readonly Batch[], chosen?: string): string {
  const ids = batches.map((batch) => String(batch.id))
  const sent = result && !result.ok ? result.values.batch : undefined
  return [sent, chosen].find((id): id is string => Boolean(id && ids.includes(id))) ?? ids[0] ?? ''
}

/** What was typed, from the answer the page was rendered with (no JavaScript). */
function valuesOf(result: EnrolmentAnswer | undefined): Partial<EnrolmentValues> {
  if (!result || result.ok) return {}
  const sent: FormFailure['values'] = result.values
  return Object.fromEntries(ENROLMENT_FIELDS.filter((name) => name in sent).map((name) => [name, sent[name]]))
}

/**
 * Name, phone, email, an optional referral code and discount code: posts to the course page's action,
 * which creates a pending enrolment. Checked here first when JavaScript runs; without it the
 * server's answer fills the form again with its errors.
 */
export function EnrolmentForm({ course, states, initial, codeFromLink, codeFromOffer = false, result, pending = false, batches = [], batchChosen }: EnrolmentFormProps) {
  const id = useId()
  const choosing = batches.length > 1
  const [batch, setBatch] = useState(() => batchOf(result, batches, batchChosen))
  const [batchError, setBatchError] = useState(() => refusalOf(result, choosing)?.fields.batch)
  const { formRef, values, errors, onChange, onBlur, submit, showErrors, fill } = useFormFields<EnrolmentField, EnrolmentValues>({
    fields: ENROLMENT_FIELDS,
    initial: { ...EMPTY, ...initial, ...valuesOf(result) },
    validateField: validateEnrolmentField,
    initialErrors: refusalOf(result)?.fields,
  })
  // A friend's code kept in the referral cookie arrives once the page's script runs
  // (use-enrolment-props.ts), after the form was first drawn: filled in then, unless
  // something was typed there already.
  const lateCode = initial.referral_code ?? ''
  const [codeSeen, setCodeSeen] = useState(lateCode)
  if (lateCode !== codeSeen) {
    setCodeSeen(lateCode)
    if (lateCode && !values.referral_code) fill('referral_code', lateCode)
  }
  const [problem, setProblem] = useState<string | undefined>(() => refusalOf(result, choosing)?.message)
  // Without JavaScript the page opens on the first field the server refused.
  const [autoFocusField] = useState(() => ENROLMENT_FIELDS.find((name) => refusalOf(result)?.fields[name]))

  // Each new answer from the action: its field errors and message.
  const [shown, setShown] = useState(result)
  if (result !== shown) {
    setShown(result)
    const refusal = refusalOf(result, choosing)
    if (refusal) {
      showErrors(refusal.fields)
      setProblem(refusal.message)
      setBatchError(refusal.fields.batch)
    }
  }

  /** Checked here first; a form that passes goes on to the action. */
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (pending) {
      event.preventDefault()
      return
    }
    setProblem(undefined)
    setBatchError(undefined)
    if (!submit(validateEnrolment(values))) event.preventDefault()
  }

  const field = (name: EnrolmentField) => ({
    id: `${id}-${name}`,
    name,
    value: values[name],
    error: errors[name],
    onChange,
    onBlur,
    autoFocus: name === autoFocusField || undefined,
  })

  return (
    <Form ref={formRef} method="post" preventScrollReset noValidate onSubmit={onSubmit} className="flex flex-col gap-5" aria-describedby={`${id}-required-note`}>
      <input type="hidden" name="intent" value="enrol" />
      <input type="hidden" name="course" value={course.slug} />
      <p id={`${id}-required-note`} className="text-sm text-ink-muted">
        Fields marked <span className="text-danger" aria-hidden="true">*</span>
        <span className="sr-only">with an asterisk</span> are required.
      </p>
      {choosing ? (
        <Select
          id={`${id}-batch`}
          name="batch"
          label="Batch"
          value={batch}
          error={batchError}
          onChange={(event) => {
            setBatch(event.target.value)
            setBatchError(undefined)
          }}
          hint="India time. You can ask us to move you to another batch later."
          required
        >
          {batches.map((option) => (
            <option key={option.id} value={String(option.id)}>
              {`${option.choice_text} (${option.status_text})`}
            </option>
          ))}
        </Select>
      ) : (
        batch && <input type="hidden" name="batch" value={batch} />
      )}
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
      <TextField
        {...field('coupon')}
        label="Discount code"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        hint={codeFromOffer ? 'Filled in from the offer’s link.' : 'Optional: from an offer or your college, if you have one.'}
        maxLength={COUPON_MAX}
        className="[&_input]:uppercase"
      />
      <Select
        {...field('state')}
        label="State (optional)"
        autoComplete="address-level1"
        hint="Where you live: your invoice names it as the place of supply."
      >
        <option value="">Choose your state or union territory</option>
        {states.map((state) => (
          <option key={state.code} value={state.code}>
            {state.name}
          </option>
        ))}
      </Select>
      <details
        className="group rounded-control border border-line bg-white px-4 py-3 [&[open]]:pb-5"
        open={Boolean(values.gstin || values.business_name || errors.gstin || errors.business_name) || undefined}
      >
        <summary className="cursor-pointer font-semibold text-ink">GST invoice for a business (optional)</summary>
        <div className="mt-4 flex flex-col gap-5">
          <p className="text-sm text-ink-muted">If a business pays, give its GSTIN and name: your invoice carries them, so the business can claim the GST.</p>
          <TextField
            {...field('gstin')}
            label="GSTIN"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            hint="15 characters, e.g. 29ABCDE1234F1Z5."
            maxLength={GSTIN_MAX + 5}
            className="[&_input]:uppercase"
          />
          <TextField
            {...field('business_name')}
            label="Business name"
            autoComplete="organization"
            hint="As registered for GST."
            maxLength={BUSINESS_NAME_MAX}
          />
        </div>
      </details>

      <div role="alert" className="empty:hidden">
        {problem && (
          <Alert tone="error" title="You are not enrolled yet">
            {problem}
          </Alert>
        )}
      </div>

      <Button type="submit" size="lg" pending={pending} className="w-full sm:w-auto sm:self-start">
        Enrol and pay {course.payable_fee_display}
        {!pending && <ArrowRight className="size-5" aria-hidden="true" width={20} height={20} />}
      </Button>
    </Form>
  )
}
