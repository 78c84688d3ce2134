import { useId, useState, type FormEvent } from 'react'
import { Form, useSearchParams } from 'react-router'

import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Select } from '@/components/ui/select'
import { TextField } from '@/components/ui/text-field'
import {
  memberGameId,
  memberName,
  memberPositions,
  TEAM_FIELD,
  teamSizeText,
} from '@/features/events/registration-fields'
import { REGISTER_INTENT, type EventRegistration, type RegistrationAnswer } from '@/features/events/types'

type RegistrationFormProps = {
  registration: EventRegistration
  /** The logged-in account's details, to prefill the contact (the captain's); undefined for a visitor. */
  account?: { name: string; phone: string; email: string }
  /** The page action's latest answer to this form (its refusal). */
  result?: RegistrationAnswer
  /** The form is being sent. */
  pending?: boolean
}

const NAME_MAX = 120
const EMAIL_MAX = 254
const TEAM_NAME_MAX = 80
const GAME_ID_MAX = 40
/** A discount code (the API's `coupon`). */
const COUPON_MAX = 100

/** The refusal's sentence for the form as a whole: what no field on screen shows. */
function problemOf(result: RegistrationAnswer | undefined, shown: ReadonlySet<string>): string | undefined {
  if (!result) return undefined
  const unmapped = Object.entries(result.fields)
    .filter(([name, text]) => !shown.has(name) && text !== result.message)
    .map(([, text]) => text)
  const onlyFields = Object.keys(result.fields).some((name) => shown.has(name)) && unmapped.length === 0
  return onlyFields ? undefined : [result.message, ...unmapped].join(' ')
}

/**
 * The event page's Register form (docs/product.md section 21): a solo entrant's name,
 * phone and email, or a team's name, the captain's name, phone and email and the other
 * members' names (Member 2 name … Member N name, within the event's team sizes), with an
 * In-game ID beside each player of a gaming tournament. Posts to the page's action
 * (src/app/registration-action.server.ts), which sends it to
 * POST /api/events/<slug>/registrations; the API's refusals come back at their fields
 * ("Registration is closed.", "This event is full." at the form), with or without
 * JavaScript: the fields keep what was typed.
 */
export function RegistrationForm({ registration, account, result, pending = false }: RegistrationFormProps) {
  const id = useId()
  const open = registration.targets.filter((target) => !target.closed_reason)
  const sent = result?.values ?? {}
  const [answered, setAnswered] = useState(result)
  const [errors, setErrors] = useState<Record<string, string>>(result?.fields ?? {})
  if (result !== answered) {
    setAnswered(result)
    setErrors(result?.fields ?? {})
  }
  // Without JavaScript the page opens on the first field the server refused.
  const [autoFocusField] = useState(() => Object.keys(result?.fields ?? {})[0])

  const team = registration.team_event
  const gaming = registration.gaming
  const positions = memberPositions(registration)
  // A paid event takes a discount code; an offer's link may carry it (`?coupon=`).
  const [search] = useSearchParams()
  const paid = open.some((target) => target.fee)
  const couponFromLink = (search.get('coupon') ?? '').trim().slice(0, COUPON_MAX)
  const names = new Set([
    'slug',
    'name',
    'phone',
    'email',
    ...(paid ? ['coupon'] : []),
    ...(team ? ['team_name', 'members'] : []),
    ...(team && gaming ? ['game_id'] : []),
    ...positions.flatMap((n) => [memberName(n), ...(gaming ? [memberGameId(n)] : [])]),
  ])
  const problem = problemOf(result, names)

  if (open.length === 0) {
    const reason = registration.targets[0]?.closed_reason ?? 'Registration is closed.'
    return (
      <Alert tone="info" title={reason}>
        {registration.targets.length > 1 ? 'Every tournament of this event has stopped taking registrations.' : null}
      </Alert>
    )
  }

  const field = (name: string) => ({
    id: `${id}-${name}`,
    name,
    defaultValue: sent[name] ?? (name === 'coupon' ? couponFromLink : name in (account ?? {}) ? account?.[name as 'name' | 'phone' | 'email'] : ''),
    error: errors[name],
    autoFocus: name === autoFocusField || undefined,
    onChange: () => {
      if (errors[name]) setErrors((now) => Object.fromEntries(Object.entries(now).filter(([key]) => key !== name)))
    },
  })

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (pending) event.preventDefault()
  }

  const fee = (target: (typeof open)[number]) =>
    target.fee ? `${target.fee_display} per ${registration.fee_per === 'team' ? 'team' : 'person'}` : 'Free'

  return (
    <Form
      method="post"
      preventScrollReset
      noValidate
      onSubmit={onSubmit}
      className="flex flex-col gap-5"
      aria-describedby={`${id}-required-note`}
      data-testid="registration-form"
    >
      <input type="hidden" name="intent" value={REGISTER_INTENT} />
      {team && <input type="hidden" name={TEAM_FIELD} value="1" />}
      <p id={`${id}-required-note`} className="text-sm text-ink-muted">
        Fields marked <span className="text-danger" aria-hidden="true">*</span>
        <span className="sr-only">with an asterisk</span> are required.
      </p>
      {registration.targets.length > 1 ? (
        <Select {...field('slug')} defaultValue={sent.slug ?? open[0]?.slug} label="Tournament" required>
          {registration.targets.map((target) => (
            <option key={target.slug} value={target.slug} disabled={Boolean(target.closed_reason)}>
              {target.title}: {target.closed_reason ?? fee(target)}
            </option>
          ))}
        </Select>
      ) : (
        <>
          <input type="hidden" name="slug" value={open[0]?.slug} />
          <p className="text-sm font-semibold text-ink">Fee: {open[0] ? fee(open[0]) : ''}</p>
        </>
      )}
      {team && <TextField {...field('team_name')} label="Team name" maxLength={TEAM_NAME_MAX} required />}
      <div className={gaming && team ? 'grid gap-5 sm:grid-cols-2' : 'flex flex-col gap-5'}>
        <TextField {...field('name')} label={team ? 'Captain’s name' : 'Name'} autoComplete="name" maxLength={NAME_MAX} required />
        {team && gaming && (
          <TextField {...field('game_id')} label="In-game ID" autoComplete="off" spellCheck={false} maxLength={GAME_ID_MAX} required />
        )}
      </div>
      <TextField
        {...field('phone')}
        label={team ? 'Captain’s phone' : 'Phone number'}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        hint="An Indian mobile number, e.g. 98765 43210. One registration per phone."
        maxLength={20}
        required
      />
      <TextField
        {...field('email')}
        label={team ? 'Captain’s email' : 'Email'}
        type="email"
        inputMode="email"
        autoComplete="email"
        spellCheck={false}
        hint="We send the confirmation here."
        maxLength={EMAIL_MAX}
        required
      />
      {team && positions.length > 0 && (
        <fieldset className="flex flex-col gap-4 rounded-control border border-line p-4" aria-describedby={`${id}-members-size`}>
          <legend className="px-1 font-semibold text-ink">The other players</legend>
          {!errors.members && (
            <p id={`${id}-members-size`} className="text-sm text-ink-muted">
              A team has {teamSizeText(registration)}, the captain included.
            </p>
          )}
          {errors.members && (
            <p id={`${id}-members-size`} className="text-sm font-medium text-danger" role="alert">
              {errors.members}
            </p>
          )}
          {positions.map((n) => {
            const required = n <= registration.team_min
            return (
              <div key={n} className={gaming ? 'grid gap-4 sm:grid-cols-2' : undefined}>
                <TextField
                  {...field(memberName(n))}
                  label={`Member ${n} name`}
                  hint={required ? undefined : 'Optional'}
                  autoComplete="off"
                  maxLength={NAME_MAX}
                  required={required}
                />
                {gaming && (
                  <TextField
                    {...field(memberGameId(n))}
                    label="In-game ID"
                    hint={required ? undefined : 'Optional'}
                    autoComplete="off"
                    spellCheck={false}
                    maxLength={GAME_ID_MAX}
                    required={required}
                  />
                )}
              </div>
            )
          })}
        </fieldset>
      )}

      {paid && (
        <TextField
          {...field('coupon')}
          label="Discount code"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          hint={couponFromLink ? 'Filled in from the offer’s link.' : 'Optional: from an offer or your college, if you have one.'}
          maxLength={COUPON_MAX}
          className="[&_input]:uppercase"
        />
      )}

      <div role="alert" className="empty:hidden">
        {problem && (
          <Alert tone="error" title="You are not registered yet">
            {problem}
          </Alert>
        )}
      </div>

      <Button type="submit" size="lg" pending={pending} className="w-full sm:w-auto sm:self-start">
        Register
      </Button>
    </Form>
  )
}
