import { Download, KeyRound, LogOut, Save, Trash2 } from 'lucide-react'
import { useId, useState, type ReactNode } from 'react'
import { Form } from 'react-router'

import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { buttonClasses } from '@/components/ui/button-styles'
import { Dialog } from '@/components/ui/dialog'
import { PasswordField } from '@/components/ui/password-field'
import { TextField } from '@/components/ui/text-field'
import { ACCOUNT_DATA_PATH } from '@/features/accounts/api/delete-account'
import type { User } from '@/features/accounts/types'
import { ACCOUNT_INTENTS, type AccountIntent } from '@/features/accounts/account-intents'
import type { FormFailure } from '@/lib/form-result'
import { useHydrated } from '@/lib/use-hydrated'

export type AccountResult = { ok: true; intent: AccountIntent; message?: string } | FormFailure

type SectionProps = {
  /** The action's latest answer, for whichever form sent it. */
  result?: AccountResult
  /** The intent of the form being sent. */
  pending?: string
}

function answerFor(result: AccountResult | undefined, intent: AccountIntent) {
  if (!result || (result.intent ?? '') !== intent) return { success: undefined, failure: undefined }
  return result.ok ? { success: result.message, failure: undefined } : { success: undefined, failure: result }
}

/** A refusal's message for the whole form, unless every problem is shown next to one of `fields`. */
function formMessage(failure: FormFailure | undefined, fields: readonly string[]): string | undefined {
  if (!failure) return undefined
  const unmapped = Object.entries(failure.fields).filter(([name, text]) => !fields.includes(name) && text !== failure.message)
  const mapped = Object.keys(failure.fields).some((name) => fields.includes(name))
  if (mapped && unmapped.length === 0) return undefined
  return [failure.message, ...unmapped.map(([, text]) => text)].join(' ')
}

/** A form's outcome under it: the refusal at once, the success politely. */
function Outcome({ success, problem }: { success?: string; problem?: string }) {
  return (
    <>
      <div role="alert" className="empty:hidden">{problem && <Alert tone="error">{problem}</Alert>}</div>
      <div role="status" aria-live="polite" className="empty:hidden">{success && <Alert tone="success">{success}</Alert>}</div>
    </>
  )
}

function Section({ id, title, intro, children }: { id: string; title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-card border border-line bg-white p-5 shadow-card sm:p-8">
      <h2 id={id} className="text-xl font-bold text-ink">
        {title}
      </h2>
      {intro && <div className="mt-1 text-ink-muted">{intro}</div>}
      <div className="mt-5">{children}</div>
    </section>
  )
}

function IntentField({ intent }: { intent: AccountIntent }) {
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
    </>
  )
}

/** Whether the email typed differs from the account's (case aside): a change needs the password. */
function emailChanges(typed: string, current: string | null | undefined): boolean {
  return typed.trim().toLowerCase() !== (current ?? '').trim().toLowerCase()
}

export function DetailsSection({ user, result, pending }: SectionProps & { user: User }) {
  const { success, failure } = answerFor(result, ACCOUNT_INTENTS.details)
  // Each save (and a new email on the account) starts a new form: the password field empties.
  const [saves, setSaves] = useState(0)
  const [seen, setSeen] = useState(result)
  if (seen !== result) {
    setSeen(result)
    if (success) setSaves((count) => count + 1)
  }
  const id = useId()
  return (
    <Section id={`${id}-heading`} title="Your details" intro="Your name is on your certificates; your email gets receipts and password-reset links.">
      <DetailsForm
        key={`${saves}|${user.email ?? ''}`}
        user={user}
        success={success}
        failure={failure}
        sending={pending === ACCOUNT_INTENTS.details}
      />
    </Section>
  )
}

function DetailsForm({ user, success, failure, sending }: { user: User; success?: string; failure?: FormFailure; sending: boolean }) {
  const id = useId()
  const hydrated = useHydrated()
  const [email, setEmail] = useState<string>(failure?.values.email ?? user.email ?? '')
  const changing = emailChanges(email, user.email)
  // Without JavaScript the page cannot tell when the email changes: the field is always
  // there, and the server asks for it (422 at current_password) when it is needed.
  const askPassword = !hydrated || changing || Boolean(failure?.fields.current_password)
  return (
    <Form method="post" noValidate className="flex flex-col gap-5">
      <IntentField intent={ACCOUNT_INTENTS.details} />
      <TextField
        id={`${id}-name`}
        name="name"
        label="Name"
        autoComplete="name"
        maxLength={120}
        defaultValue={failure?.values.name ?? user.name}
        error={failure?.fields.name}
        required
      />
      <TextField
        id={`${id}-email`}
        name="email"
        label="Email (optional)"
        type="email"
        inputMode="email"
        autoComplete="email"
        spellCheck={false}
        maxLength={254}
        defaultValue={failure?.values.email ?? user.email ?? ''}
        onChange={(event) => setEmail(event.currentTarget.value)}
        error={failure?.fields.email}
      />
      {askPassword && (
        <PasswordField
          id={`${id}-current`}
          name="current_password"
          label="Current password"
          autoComplete="current-password"
          hint={
            hydrated
              ? 'Needed to change your email: the reset links go there.'
              : 'Needed only if you change your email: the reset links go there.'
          }
          error={failure?.fields.current_password}
          required={hydrated && changing}
        />
      )}
      <p className="text-sm text-ink-muted">
        Phone number: <span className="font-semibold whitespace-nowrap text-ink">{user.phone_display}</span> (it is how you log in and
        cannot be changed here).
      </p>
      <div>
        <Button type="submit" pending={sending} className="w-full sm:w-auto">
          {!sending && <Save className="size-4" aria-hidden="true" width={16} height={16} />}
          Save details
        </Button>
      </div>
      <Outcome success={success} problem={formMessage(failure, ['name', 'email', 'current_password'])} />
    </Form>
  )
}

export function PasswordSection({ result, pending }: SectionProps) {
  const id = useId()
  const { success, failure } = answerFor(result, ACCOUNT_INTENTS.password)
  const sending = pending === ACCOUNT_INTENTS.password
  // Each password changed empties the fields (a new form): nothing of either stays on the page.
  const [changes, setChanges] = useState(0)
  const [seen, setSeen] = useState(result)
  if (seen !== result) {
    setSeen(result)
    if (success) setChanges((count) => count + 1)
  }
  return (
    <Section id={`${id}-heading`} title="Password" intro="Changing it logs you out on every other device; this one stays logged in.">
      <Form key={changes} method="post" noValidate className="flex flex-col gap-5">
        <IntentField intent={ACCOUNT_INTENTS.password} />
        <PasswordField
          id={`${id}-current`}
          name="current_password"
          label="Current password"
          autoComplete="current-password"
          error={failure?.fields.current_password}
          required
        />
        <PasswordField
          id={`${id}-new`}
          name="new_password"
          label="New password"
          autoComplete="new-password"
          hint="At least 8 characters, not all digits, and not a common password."
          error={failure?.fields.new_password}
          required
        />
        <div>
          <Button type="submit" pending={sending} className="w-full sm:w-auto">
            {!sending && <KeyRound className="size-4" aria-hidden="true" width={16} height={16} />}
            Change password
          </Button>
        </div>
        <Outcome success={success} problem={formMessage(failure, ['current_password', 'new_password'])} />
      </Form>
    </Section>
  )
}

export function DevicesSection({ result, pending }: SectionProps) {
  const id = useId()
  const { success, failure } = answerFor(result, ACCOUNT_INTENTS.logoutOthers)
  const sending = pending === ACCOUNT_INTENTS.logoutOthers
  return (
    <Section id={`${id}-heading`} title="Devices" intro="Logged in on a phone or computer you no longer use? End every session but this one.">
      <Form method="post" noValidate className="flex flex-col gap-5">
        <IntentField intent={ACCOUNT_INTENTS.logoutOthers} />
        <div>
          <Button type="submit" variant="secondary" pending={sending} className="w-full sm:w-auto">
            {!sending && <LogOut className="size-4" aria-hidden="true" width={16} height={16} />}
            Log out of other devices
          </Button>
        </div>
        <Outcome success={success} problem={failure?.message} />
      </Form>
    </Section>
  )
}

export function DataSection() {
  const id = useId()
  return (
    <Section
      id={`${id}-heading`}
      title="Your data"
      intro="A JSON file of your account, enrolments, referral rewards, payout requests, internship applications and submissions."
    >
      {/* A plain link to the API's attachment: the browser saves the file, with or without JavaScript. */}
      <a href={ACCOUNT_DATA_PATH} download className={buttonClasses('secondary', undefined, 'w-full sm:w-auto')}>
        <Download className="size-4" aria-hidden="true" width={16} height={16} />
        Download my data
      </a>
    </Section>
  )
}

const DELETE_WARNING =
  'This erases your name, phone number and email, retires your referral code and logs you out. Records of payments and rewards are kept without your personal data, as accounting requires. It cannot be undone.'

/** The last step: the password, and the button that deletes (in the dialog, or the page without JavaScript). */
function DeleteConfirmForm({ headingId, failure, sending, onCancel }: { headingId: string; failure?: FormFailure; sending: boolean; onCancel?: () => void }) {
  const id = useId()
  return (
    <Form method="post" noValidate className="flex flex-col gap-5">
      <IntentField intent={ACCOUNT_INTENTS.delete} />
      <input type="hidden" name="confirm" value="yes" />
      <h3 id={headingId} className="text-lg font-bold text-ink">
        Delete your account for good?
      </h3>
      <p className="text-ink-muted">{DELETE_WARNING}</p>
      <PasswordField
        id={`${id}-password`}
        name="password"
        label="Your password"
        autoComplete="current-password"
        hint="To be sure it is you."
        error={failure?.fields.password}
        required
      />
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button type="submit" variant="danger" pending={sending} className="w-full sm:w-auto">
          {!sending && <Trash2 className="size-4" aria-hidden="true" width={16} height={16} />}
          Yes, delete my account
        </Button>
        {onCancel ? (
          <Button variant="secondary" onClick={onCancel} className="w-full sm:w-auto">
            Cancel
          </Button>
        ) : (
          <a href="/account" className={buttonClasses('secondary', undefined, 'w-full sm:w-auto')}>
            Cancel
          </a>
        )}
      </div>
      <Outcome problem={formMessage(failure, ['password'])} />
    </Form>
  )
}

/**
 * "Delete my account": with JavaScript the button opens a dialog asking for the password
 * and a confirmation; without it the form posts and the page itself asks (a second state).
 */
export function DeleteSection({ result, pending }: SectionProps) {
  const id = useId()
  const { failure } = answerFor(result, ACCOUNT_INTENTS.delete)
  const startedWithoutScript = result?.ok === true && result.intent === ACCOUNT_INTENTS.deleteStart
  const [dialogOpen, setDialogOpen] = useState(false)
  // Without JavaScript, the page's own confirmation step (also after a wrong password there).
  const inline = !dialogOpen && (startedWithoutScript || Boolean(failure))
  const sending = pending === ACCOUNT_INTENTS.delete
  return (
    <Section id={`${id}-heading`} title="Delete my account" intro="Your right to erasure: we delete your personal data and you can no longer log in.">
      {inline ? (
        <div className="rounded-control border border-red-200 bg-danger-bg p-4 sm:p-5">
          <DeleteConfirmForm headingId={`${id}-confirm`} failure={failure} sending={sending} />
        </div>
      ) : (
        <Form
          method="post" noValidate
          onSubmit={(event) => {
            event.preventDefault()
            setDialogOpen(true)
          }}
        >
          <IntentField intent={ACCOUNT_INTENTS.deleteStart} />
          <Button type="submit" variant="danger" className="w-full sm:w-auto">
            <Trash2 className="size-4" aria-hidden="true" width={16} height={16} />
            Delete my account
          </Button>
        </Form>
      )}
      <Dialog open={dialogOpen} onClose={() => setDialogOpen(false)} labelledBy={`${id}-dialog`}>
        <DeleteConfirmForm headingId={`${id}-dialog`} failure={failure} sending={sending} onCancel={() => setDialogOpen(false)} />
      </Dialog>
    </Section>
  )
}
