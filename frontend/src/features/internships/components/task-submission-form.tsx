import { ChevronDown, Send } from 'lucide-react'
import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { Form, useLocation, useSubmit } from 'react-router'

import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { describedBy } from '@/components/ui/field-props'
import { Field } from '@/components/ui/field'
import { TextArea } from '@/components/ui/text-area'
import { TextField } from '@/components/ui/text-field'
import { SUBMISSION_FILE_MAX_BYTES } from '@/features/internships/api/submit-task'
import type { PlacementTask } from '@/features/internships/types'
import { taskAnchor } from '@/features/internships/submission-intent'
import {
  NOTE_MAX,
  SUBMISSION_FIELDS,
  validateSubmission,
  validateSubmissionField,
  type SubmissionErrors,
  type SubmissionField,
  type SubmissionValues,
} from '@/features/internships/validation'
import { formErrors } from '@/lib/form-errors'
import { failureError, type FormFailure } from '@/lib/form-result'
import { FIELD_MESSAGES } from '@/lib/required-fields'
import { useFormFields } from '@/lib/use-form-fields'
import { useHydrated } from '@/lib/use-hydrated'

/** The board's action answer: the task's new entry, or the API's refusal. */
export type SubmissionResult = { ok: true; intent: string; entry: PlacementTask } | FormFailure

const isShownField = (name: string): name is SubmissionField | 'file' => name === 'file' || (SUBMISSION_FIELDS as readonly string[]).includes(name)

function answerOf(failure: FormFailure): { errors: SubmissionErrors; formError?: string } {
  const { fields, message } = formErrors(failureError(failure), isShownField)
  return { errors: fields, formError: message }
}

type TaskSubmissionFormProps = {
  taskNumber: number
  taskTitle: string
  /** What the intern sent last (to send a new version), if anything. */
  entry?: PlacementTask
  /** The action's latest answer for this task's form. */
  result?: SubmissionResult
  pending?: boolean
}

/**
 * An intern's submission for one unlocked task: the link to the work (https, required), a
 * note (optional) and one optional PDF or ZIP of at most 10 MB. A multipart form posting to
 * the board's action, which sends it to the API; without JavaScript the server renders the
 * answer. Sending again replaces the last version until the task is approved.
 */
export function TaskSubmissionForm({ taskNumber, taskTitle, entry, result, pending = false }: TaskSubmissionFormProps) {
  const id = useId()
  const submitForm = useSubmit()
  const hydrated = useHydrated()
  const { pathname, search } = useLocation()
  const fileRef = useRef<HTMLInputElement>(null)
  const failure = result && !result.ok ? result : undefined
  const first = failure ? answerOf(failure) : undefined
  const { formRef, values, errors, onChange, onBlur, submit, showErrors, reset } = useFormFields<SubmissionField, SubmissionValues>({
    fields: SUBMISSION_FIELDS,
    initial: () => ({
      link: failure?.values.link ?? entry?.link ?? '',
      note: failure?.values.note ?? entry?.note ?? '',
    }),
    validateField: validateSubmissionField,
    initialErrors: first?.errors,
  })
  const [fileError, setFileError] = useState<string | undefined>(first?.errors.file)
  const [formError, setFormError] = useState<string | undefined>(first?.formError)
  const [sent, setSent] = useState(result?.ok === true)
  // Work already sent: the form to replace it folds away (a <details>, without scripts too),
  // open when the reviewer asked for changes or the last try was refused.
  const [open, setOpen] = useState(entry?.state === 'changes_requested' || failure !== undefined)

  // Each new answer from the action for this form: sent, or its errors.
  const [shown, setShown] = useState(result)
  if (result !== shown) {
    setShown(result)
    if (result?.ok) {
      reset({ link: result.entry.link, note: result.entry.note })
      setFileError(undefined)
      setFormError(undefined)
      setSent(true)
      setOpen(false)
    } else if (result) {
      const answer = answerOf(result)
      showErrors(answer.errors)
      setFileError(answer.errors.file)
      setFormError(answer.formError)
      setSent(false)
      setOpen(true)
    }
  }

  // A sent file is not sent again with the next version unless chosen again.
  useEffect(() => {
    if (result?.ok && fileRef.current) fileRef.current.value = ''
  }, [result])

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (pending) return
    setFormError(undefined)
    setSent(false)
    const file = fileRef.current?.files?.[0]
    const tooLarge = file && file.size > SUBMISSION_FILE_MAX_BYTES ? FIELD_MESSAGES.submissionFile.tooLarge : undefined
    setFileError(tooLarge)
    const valid = submit(validateSubmission(values))
    if (tooLarge) {
      if (valid) fileRef.current?.focus()
      return
    }
    if (!valid) return
    void submitForm(event.currentTarget, { method: 'post', encType: 'multipart/form-data' })
  }

  const fieldId = (field: string) => `${id}-${field}`
  const fileId = fieldId('file')
  const fileHint = entry?.file_name
    ? `PDF or ZIP, at most 10 MB. Choose one to replace ${entry.file_name}.`
    : 'PDF or ZIP, at most 10 MB.'
  const again = entry !== undefined && entry.state !== 'not_submitted'

  const form = (
    <Form
      ref={formRef}
      method="post"
      // Without JavaScript the page the server answers with opens at this task's card.
      action={hydrated ? undefined : `${pathname}${search}#${taskAnchor(taskNumber)}`}
      encType="multipart/form-data"
      noValidate
      onSubmit={onSubmit}
      className="flex flex-col gap-4"
      aria-label={`${again ? 'Send a new version' : 'Submit your work'}: Task ${taskNumber}, ${taskTitle}`}
    >
      <input type="hidden" name="task" value={taskNumber} />
      <TextField
        id={fieldId('link')}
        name="link"
        label="Link to your work"
        type="url"
        inputMode="url"
        spellCheck={false}
        required
        hint="A GitHub repository, a live site or a shared folder, such as github.com/yourname/task-1."
        value={values.link}
        error={errors.link}
        onChange={onChange}
        onBlur={onBlur}
      />
      <TextArea
        id={fieldId('note')}
        name="note"
        label="Note (optional)"
        rows={3}
        maxLength={NOTE_MAX}
        hint="Anything the reviewer should know."
        value={values.note}
        error={errors.note}
        onChange={onChange}
        onBlur={onBlur}
      />
      <Field id={fileId} label="File (optional)" hint={fileHint} error={fileError}>
        <input
          ref={fileRef}
          id={fileId}
          name="file"
          type="file"
          accept=".pdf,.zip,application/pdf,application/zip"
          onChange={() => setFileError(undefined)}
          aria-invalid={fileError ? true : undefined}
          aria-describedby={describedBy(fileId, { error: fileError, hint: fileHint })}
          className="block w-full min-w-0 rounded-control border border-slate-400 bg-white text-sm text-ink file:mr-3 file:border-0 file:border-r file:border-line file:bg-surface-muted file:px-3.5 file:py-2.5 file:font-semibold file:text-ink"
        />
      </Field>
      <div role="alert" className="empty:hidden">
        {formError && (
          <Alert tone="error" title="Your work was not sent">
            {formError}
          </Alert>
        )}
      </div>
      <div>
        <Button type="submit" pending={pending} className="w-full sm:w-auto">
          {!pending && <Send className="size-4" aria-hidden="true" width={16} height={16} />}
          {again ? 'Send a new version' : 'Submit Task'}
        </Button>
      </div>
    </Form>
  )

  return (
    <div className="flex flex-col gap-4">
      <div role="status" className="empty:hidden">
        {sent && (
          <Alert tone="success" title="Work sent">
            Your work is waiting for review.
          </Alert>
        )}
      </div>
      {again ? (
        <details
          open={open}
          onToggle={(event) => setOpen(event.currentTarget.open)}
          className="group rounded-control border border-line bg-surface-muted/40"
        >
          <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-3 px-4 font-semibold text-brand-700 hover:text-brand-900 [&::-webkit-details-marker]:hidden">
            Replace what you sent
            <ChevronDown className="size-4 shrink-0 transition-transform group-open:rotate-180 motion-reduce:transition-none" aria-hidden="true" width={16} height={16} />
          </summary>
          <div className="border-t border-line p-4">{form}</div>
        </details>
      ) : (
        form
      )}
    </div>
  )
}
