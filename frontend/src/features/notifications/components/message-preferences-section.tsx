import { CircleAlert, Save } from 'lucide-react'
import { useId } from 'react'
import { Form } from 'react-router'

import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import type { MessagePreferences } from '@/features/notifications/types'
import {
  CHANNELS,
  MESSAGE_KINDS,
  MESSAGE_PREFERENCES_INTENT,
  messagePreferencesFromForm,
  type MessagePreferencesResult,
} from '@/features/notifications/message-preferences'
import { formatDateIst } from '@/lib/format'

type Props = {
  preferences: MessagePreferences
  /** The phone WhatsApp messages go to, as the account page shows it. */
  phone: string
  /** The page action's latest answer (for any of its forms). */
  result?: MessagePreferencesResult
  pending?: boolean
}

/**
 * WhatsApp consent and a channel per kind of message (the DPDP Act: nothing on WhatsApp
 * until the box is ticked; its time is recorded). A plain form posted to the account
 * page's action, so it works the same without JavaScript.
 */
export function MessagePreferencesSection({ preferences, phone, result, pending = false }: Props) {
  const id = useId()
  const mine = result && (result.intent ?? '') === MESSAGE_PREFERENCES_INTENT ? result : undefined
  const failure = mine && !mine.ok ? mine : undefined
  const success = mine?.ok ? mine.message : undefined
  // After a refusal without JavaScript the form shows what was sent, not what is saved.
  const shown = failure ? messagePreferencesFromForm(failure.values) : preferences
  const fieldProblems = failure ? MESSAGE_KINDS.filter((kind) => failure.fields[kind.name]).length : 0
  const formProblem = failure && fieldProblems === 0 ? failure.message : undefined
  // The first refused choice is focused (its error is read with it), with or without
  // JavaScript: the form is new for each answer (its key), so autoFocus applies each time.
  const focusKind = failure ? MESSAGE_KINDS.find((kind) => failure.fields[kind.name]) : undefined
  const focusValue =
    focusKind && (CHANNELS.find((channel) => shown[focusKind.name] === channel.value)?.value ?? 'whatsapp')
  return (
    <section aria-labelledby={`${id}-heading`} className="rounded-card border border-line bg-white p-5 shadow-card sm:p-8">
      <h2 id={`${id}-heading`} className="text-xl font-bold text-ink">
        Messages
      </h2>
      <p className="mt-1 text-ink-muted">How we tell you about payments, tasks and certificates. Password and security messages always come by SMS or email.</p>
      {/* A new key for each saved answer: the form shows what the server now holds. */}
      <Form key={JSON.stringify([mine ?? null, shown])} method="post" noValidate className="mt-5 flex flex-col gap-6">
        <input type="hidden" name="intent" value={MESSAGE_PREFERENCES_INTENT} />
        <div className="flex flex-col gap-1.5">
          <label
            htmlFor={`${id}-whatsapp`}
            className="flex min-h-11 cursor-pointer items-start gap-3 rounded-control border border-slate-400 bg-white px-3.5 py-2.5 has-checked:border-brand-600 has-checked:bg-brand-50 has-focus-visible:outline-3 has-focus-visible:outline-brand-200"
          >
            <input
              id={`${id}-whatsapp`}
              type="checkbox"
              name="whatsapp_opt_in"
              defaultChecked={shown.whatsapp_opt_in}
              aria-describedby={`${id}-whatsapp-hint`}
              className="mt-1 size-4 shrink-0 accent-brand-700"
            />
            <span className="font-medium text-ink">
              Send me WhatsApp messages on <span className="whitespace-nowrap">{phone}</span>
            </span>
          </label>
          <p id={`${id}-whatsapp-hint`} className="text-sm text-ink-muted">
            {preferences.whatsapp_opted_in_at
              ? `You agreed on ${formatDateIst(preferences.whatsapp_opted_in_at)}. `
              : 'Until you tick this, the messages set to WhatsApp below come by email. '}
            Untick it here, or reply STOP on WhatsApp, to stop them.
          </p>
        </div>
        {MESSAGE_KINDS.map((kind) => {
          const error = failure?.fields[kind.name]
          const hintId = `${id}-${kind.name}-hint`
          const errorId = `${id}-${kind.name}-error`
          return (
            <fieldset key={kind.name} aria-describedby={error ? `${hintId} ${errorId}` : hintId} className="flex flex-col gap-2">
              <legend className="text-sm font-semibold text-ink">{kind.label}</legend>
              <p id={hintId} className="text-sm text-ink-muted">
                {kind.hint}
              </p>
              <div className="grid gap-2 sm:grid-cols-3">
                {CHANNELS.filter((channel) => !(kind.always && channel.value === 'none')).map((channel) => {
                  const radioId = `${id}-${kind.name}-${channel.value}`
                  return (
                    <label
                      key={channel.value}
                      htmlFor={radioId}
                      className="flex min-h-11 cursor-pointer items-center gap-3 rounded-control border border-slate-400 bg-white px-3.5 py-2.5 has-checked:border-brand-600 has-checked:bg-brand-50 has-focus-visible:outline-3 has-focus-visible:outline-brand-200"
                    >
                      <input
                        id={radioId}
                        type="radio"
                        name={kind.name}
                        value={channel.value}
                        defaultChecked={shown[kind.name] === channel.value}
                        aria-invalid={error ? true : undefined}
                        autoFocus={(focusKind?.name === kind.name && focusValue === channel.value) || undefined}
                        className="size-4 accent-brand-700"
                      />
                      <span className="font-medium text-ink">{channel.label}</span>
                    </label>
                  )
                })}
              </div>
              {error && (
                <p id={errorId} className="flex items-start gap-1.5 text-sm font-medium text-danger">
                  <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" width={16} height={16} />
                  <span>{error}</span>
                </p>
              )}
            </fieldset>
          )
        })}
        <div>
          <Button type="submit" pending={pending} className="w-full sm:w-auto">
            {!pending && <Save className="size-4" aria-hidden="true" width={16} height={16} />}
            Save message preferences
          </Button>
        </div>
        <div role="alert" className="empty:hidden">
          {failure && (
            <Alert tone="error">{formProblem ?? `${failure.message} ${fieldProblems === 1 ? 'One choice needs' : 'Some choices need'} your attention.`}</Alert>
          )}
        </div>
        <div role="status" aria-live="polite" className="empty:hidden">
          {success && <Alert tone="success">{success}</Alert>}
        </div>
      </Form>
    </section>
  )
}
