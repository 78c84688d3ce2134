import { UserPlus } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { Link, href, useActionData, useNavigation, useSearchParams } from 'react-router'

import { Alert } from '@/components/ui/alert'
import { buttonClasses } from '@/components/ui/button-styles'
import type { CatalogEvent } from '@/features/catalog/types'
import type { EnrolmentAnswer } from '@/features/enrolments/answer'
import { OpenEnrolment } from '@/features/enrolments/components/enrolment-section'
import { ANOTHER, ENROL_PARAM, ENROLMENT_PARAM, anotherSearch } from '@/features/enrolments/shown'
import type { Enrolment } from '@/features/enrolments/types'
import { RegistrationForm } from '@/features/events/registration-form'
import { REGISTER_INTENT, type EventRegistration, type RegistrationAnswer } from '@/features/events/types'
import { useVisitor } from '@/lib/page-data'

/**
 * Which registration the section shows: the one the address names (`?enrolment=`, where
 * the Register form's answer sends the browser), else none when the visitor asked for the
 * form again (`?enrol=another`), else the visitor's registration here still to pay, else a
 * confirmed one. `enrolments` are the visitor's for this event (the page's data).
 */
function shownRegistration(enrolments: readonly Enrolment[], search: URLSearchParams): { enrolment?: Enrolment; missing?: string } {
  const asked = search.get(ENROLMENT_PARAM)?.trim()
  if (asked) {
    const enrolment = enrolments.find((item) => item.reference === asked)
    return enrolment ? { enrolment } : { missing: asked }
  }
  if (search.get(ENROL_PARAM) === ANOTHER) return {}
  const enrolment = enrolments.find((item) => item.is_open) ?? enrolments.find((item) => item.status === 'confirmed')
  return enrolment ? { enrolment } : {}
}

function Another({ team }: { team: boolean }) {
  const [search] = useSearchParams()
  return (
    <Link to={anotherSearch(search)} preventScrollReset className={buttonClasses('ghost')}>
      <UserPlus className="size-4" aria-hidden="true" width={16} height={16} />
      {team ? 'Register another team' : 'Register someone else'}
    </Link>
  )
}

type EventRegistrationSectionProps = {
  event: CatalogEvent
  registration: EventRegistration
  /** The visitor's registrations for this event (the account's, or this browser session's). */
  enrolments: readonly Enrolment[]
}

/**
 * An event page's registration (docs/product.md section 21): the Register form, then,
 * after a free registration, "Registration confirmed" with its reference; with a fee, the
 * payment step of a course's enrolment (UPI link, QR code, UTR), the same components.
 */
export function EventRegistrationSection({ event, registration, enrolments }: EventRegistrationSectionProps) {
  const [search] = useSearchParams()
  const user = useVisitor()
  const answer = useActionData() as RegistrationAnswer | EnrolmentAnswer | undefined
  const navigation = useNavigation()
  const intent = navigation.state === 'idle' ? undefined : navigation.formData?.get('intent')
  const shown = shownRegistration(enrolments, search)
  const current = shown.enrolment
  const team = registration.team_event

  const headingRef = useRef<HTMLHeadingElement>(null)
  const showing = current?.reference ?? 'form'
  const before = useRef(showing)
  const [autoFocusHeading] = useState(() => search.has(ENROLMENT_PARAM))
  useEffect(() => {
    if (before.current === showing) return
    before.current = showing
    headingRef.current?.focus()
  }, [showing])

  let heading = `Register for ${event.title}`
  let body
  if (current?.is_open) {
    heading = current.payment ? `Pay ${current.amount_display} to confirm your place` : 'We are checking your payment'
    body = (
      <OpenEnrolment
        enrolment={current}
        result={answer?.intent === 'utr' && 'reference' in answer && answer.reference === current.reference ? (answer as EnrolmentAnswer) : undefined}
        pending={intent === 'utr'}
        another={<Another team={team} />}
      />
    )
  } else if (current?.status === 'confirmed') {
    heading = 'Registration confirmed'
    body = (
      <div className="flex flex-col gap-5">
        <Alert tone="success" title="Registration confirmed">
          Your registration reference is <span className="font-mono font-semibold">{current.reference}</span> ({current.course.name},{' '}
          {current.name}). We have sent the details to {current.email || 'you'}; bring the reference on the day.
        </Alert>
        <div className="flex flex-wrap gap-3">
          {user && (
            <Link to={href('/dashboard')} className="font-semibold text-brand-800 underline underline-offset-4">
              See your events on the dashboard
            </Link>
          )}
          <Another team={team} />
        </div>
      </div>
    )
  } else {
    body = (
      <div className="rounded-card border border-line bg-white p-5 shadow-card sm:p-8">
        {current?.status === 'rejected' && (
          <Alert tone="error" title={`Registration ${current.reference} was not accepted`} className="mb-5">
            {current.rejected_reason || 'We could not match a payment to it.'} You can register again below.
          </Alert>
        )}
        <RegistrationForm
          registration={registration}
          account={user ? { name: user.name, phone: user.phone_display, email: user.email } : undefined}
          result={answer?.intent === REGISTER_INTENT && !answer.ok ? (answer as RegistrationAnswer) : undefined}
          pending={intent === REGISTER_INTENT}
        />
      </div>
    )
  }

  return (
    <section id="register" aria-labelledby="register-heading" className="scroll-mt-20 border-t border-line bg-surface-muted">
      <div className="container-page flex max-w-3xl flex-col gap-6 py-12 sm:py-16">
        <div className="flex flex-col gap-2">
          <p className="text-sm font-semibold tracking-wide text-accent-700 uppercase">Registration</p>
          <h2 id="register-heading" ref={headingRef} tabIndex={-1} autoFocus={autoFocusHeading || undefined} className="text-title font-bold text-ink">
            {heading}
          </h2>
        </div>
        {shown.missing && (
          <Alert tone="info" title={`We cannot show registration ${shown.missing} here`}>
            Only the browser it was made in, or the account it belongs to, can see it. You can register below.
          </Alert>
        )}
        {body}
      </div>
    </section>
  )
}
