import { BellRing } from 'lucide-react'
import { useId, useState } from 'react'
import { Form } from 'react-router'

import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { TextField } from '@/components/ui/text-field'
import type { EnrolmentAnswer } from '@/features/enrolments/answer'
import { EMAIL_MAX, NAME_MAX } from '@/features/enrolments/validation'
import { formErrors } from '@/lib/form-errors'
import { failureError } from '@/lib/form-result'

type WaitlistField = 'name' | 'phone' | 'email'
const FIELDS: readonly WaitlistField[] = ['name', 'phone', 'email']

const isWaitlistField = (name: string): name is WaitlistField => (FIELDS as readonly string[]).includes(name)

type WaitlistFormProps = {
  course: { slug: string }
  /** The full batch asked for (its id); undefined: any batch of the course. */
  batch?: string
  /** What to fill in: the refused enrolment's details, or the account's. */
  initial: Partial<Record<WaitlistField, string>>
  /** The page action's latest answer to this form (intent "waitlist"). */
  result?: EnrolmentAnswer
  pending?: boolean
}

/**
 * "Join the waitlist": name, phone and email, for a full batch or a course with no batch
 * open. Posts to the course page's action (intent "waitlist"), with or without JavaScript;
 * the server checks the fields as it does an enrolment's, and its refusals show at them.
 */
export function WaitlistForm({ course, batch, initial, result, pending = false }: WaitlistFormProps) {
  const id = useId()
  const refusal = result && !result.ok ? formErrors(failureError(result), isWaitlistField) : undefined
  const sent = result && !result.ok ? result.values : {}
  // A new answer fills the fields again with what was sent (no JavaScript: the page's render).
  const [values, setValues] = useState(() => ({ ...initial, ...pick(sent) }))
  const [answer, setAnswer] = useState(result)
  if (answer !== result) {
    setAnswer(result)
    if (result && !result.ok) setValues((now) => ({ ...now, ...pick(result.values) }))
  }
  const [autoFocusField] = useState(() => FIELDS.find((name) => refusal?.fields[name]))

  if (result?.ok) {
    return (
      <div role="status" aria-live="polite">
        <Alert tone="success" title="You are on the waitlist">
          {result.message}
        </Alert>
      </div>
    )
  }

  const field = (name: WaitlistField) => ({
    id: `${id}-${name}`,
    name,
    value: values[name] ?? '',
    error: refusal?.fields[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => setValues((now) => ({ ...now, [name]: event.target.value })),
    autoFocus: name === autoFocusField || undefined,
  })

  return (
    <Form method="post" preventScrollReset noValidate className="flex flex-col gap-4" aria-labelledby={`${id}-heading`}>
      <input type="hidden" name="intent" value="waitlist" />
      <input type="hidden" name="course" value={course.slug} />
      {batch && <input type="hidden" name="batch" value={batch} />}
      <div className="flex flex-col gap-1">
        <h3 id={`${id}-heading`} className="flex items-center gap-2 font-semibold text-ink">
          <BellRing className="size-5 text-brand-700" aria-hidden="true" width={20} height={20} />
          Join the waitlist
        </h3>
        <p className="text-sm text-ink-muted">We tell the people waiting in turn, by WhatsApp or email, when a seat is free or a new batch opens.</p>
      </div>
      <TextField {...field('name')} label="Name" autoComplete="name" maxLength={NAME_MAX} required />
      <TextField {...field('phone')} label="Phone number" type="tel" inputMode="tel" autoComplete="tel" maxLength={20} required />
      <TextField
        {...field('email')}
        label="Email"
        type="email"
        inputMode="email"
        autoComplete="email"
        spellCheck={false}
        maxLength={EMAIL_MAX}
        required
      />
      <div role="alert" className="empty:hidden">
        {refusal?.message && <Alert tone="error" title="You are not on the waitlist yet">{refusal.message}</Alert>}
      </div>
      <Button type="submit" variant="secondary" pending={pending} className="w-full sm:w-auto sm:self-start">
        Join the waitlist
      </Button>
    </Form>
  )
}

function pick(values: Record<string, string>): Partial<Record<WaitlistField, string>> {
  return Object.fromEntries(FIELDS.filter((name) => name in values).map((name) => [name, values[name]]))
}
