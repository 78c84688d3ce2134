import { useQueryClient } from '@tanstack/react-query'
import { UserPlus } from 'lucide-react'
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { Link, href, useSearchParams } from 'react-router'

import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { buttonClasses } from '@/components/ui/button-styles'
import { RetryButton } from '@/components/ui/retry-button'
import type { EnrolmentAnswer, EnrolmentIntent } from '@/features/enrolments/answer'
import { enrolmentKey, useEnrolment } from '@/features/enrolments/api/get-enrolment'
import { myEnrolmentsKey, sessionEnrolmentsKey, useVisibleEnrolments, type Enrolment } from '@/features/enrolments/api/get-my-enrolments'
import { EnrolmentForm } from '@/features/enrolments/components/enrolment-form'
import { EnrolmentStatusBadge } from '@/features/enrolments/components/enrolment-status-badge'
import { UpiPaymentPanel } from '@/features/enrolments/components/upi-payment-panel'
import { UtrForm } from '@/features/enrolments/components/utr-form'
import { readStoredReference, storeReference } from '@/features/enrolments/stored-reference'
import { ENROLMENT_FIELDS, type EnrolmentValues } from '@/features/enrolments/validation'
import { ApiError } from '@/lib/api-client'
import { cn } from '@/lib/cn'
import { formatDateIst } from '@/lib/format'
import { useHydrated } from '@/lib/use-hydrated'

export type EnrolmentCourse = { slug: string; name: string; payable_fee_display: string }

type EnrolmentSectionProps = {
  course: EnrolmentCourse
  /** The logged-in account's details, to prefill the form; undefined for a visitor. */
  account?: { name: string; phone: string; email: string }
  /** From the friend's `?ref=` link. */
  referralCode?: string
  /** The page action's latest answer (useActionData): to the enrolment form or the UTR form. */
  result?: EnrolmentAnswer
  /** Which of the section's forms is being sent. */
  pending?: EnrolmentIntent
}

/**
 * An enrolment an answer brought, and how fresh the cached copy of it was then: the answer
 * is shown until the cache holds something newer (it is put there at once, and a later
 * refetch, after staff acted, wins).
 */
type Answered = { enrolment: Enrolment; cachedAt: number }

/** The notice over an enrolment the visitor tried to make again (the API's 409). */
function noticeOf(result: EnrolmentAnswer | undefined): string | undefined {
  return result && !result.ok && result.intent === 'enrol' && result.enrolment ? result.message : undefined
}

/**
 * Whether the page, rendered from this answer without JavaScript, opens on the section's
 * heading: yes, unless one of the forms opens on a field the server refused.
 */
function focusesHeading(result: EnrolmentAnswer | undefined): boolean {
  if (!result) return false
  if (result.ok) return true
  const refused = Object.keys(result.fields)
  if (result.intent === 'utr') return !(result.enrolment && refused.includes('utr'))
  return Boolean(result.enrolment) || !refused.some((name) => (ENROLMENT_FIELDS as readonly string[]).includes(name))
}

/** The address that opens the enrolment form afresh without JavaScript ("Enrol someone else"). */
const ANOTHER = 'another'

/**
 * "Enrol someone else": with JavaScript it clears the enrolment shown in place; without it,
 * a link to this page with `?enrol=another`, which the server renders with the empty form.
 */
function StartAgain({ onStartAgain, children }: { onStartAgain: () => void; children: ReactNode }) {
  const hydrated = useHydrated()
  const [searchParams] = useSearchParams()
  if (hydrated) {
    return (
      <Button variant="ghost" onClick={onStartAgain}>
        {children}
      </Button>
    )
  }
  const params = new URLSearchParams(searchParams)
  params.set('enrol', ANOTHER)
  return (
    <a href={`?${params.toString()}`} className={buttonClasses('ghost')}>
      {children}
    </a>
  )
}

const STEPS = [
  ['Fill in your details', 'Your name, mobile number and email, and your friend’s referral code if you have one.'],
  ['Pay with any UPI app', 'Tap the Pay button on your phone, or scan the QR code with it on a computer.'],
  ['Send us the UTR', 'The 12-digit transaction reference from your UPI app, so we can find your payment.'],
  ['We confirm your place', 'Our team checks the payment, usually within one working day, and emails you the class details.'],
] as const

/**
 * Enrolment on a course page: the form, then the payment instructions and the UTR form of
 * the enrolment made, which stay on the page when the student comes back from the UPI app
 * (remembered in this browser, or found among the account's or this session's enrolments).
 */
export function EnrolmentSection({ course, account, referralCode = '', result, pending }: EnrolmentSectionProps) {
  const queryClient = useQueryClient()
  // The enrolment shown: from an answer, or remembered in this browser (read after hydration).
  const [chosenReference, setReference] = useState(() => result?.enrolment?.reference)
  const [answered, setAnswered] = useState<Answered | undefined>(() =>
    result?.enrolment ? { enrolment: result.enrolment, cachedAt: 0 } : undefined,
  )
  const [searchParams] = useSearchParams()
  const [wantsForm, setWantsForm] = useState(() => searchParams.get('enrol') === ANOTHER && !result?.enrolment)
  const [notice, setNotice] = useState(() => noticeOf(result))
  const [autoFocusHeading] = useState(() => focusesHeading(result))
  const headingRef = useRef<HTMLHeadingElement>(null)
  const [focusRequest, setFocusRequest] = useState(0)

  // Each new answer from the action. An enrolment made, or this visitor's own one found on
  // enrolling again (with the API's notice), takes the section to its payment; focus moves
  // to the heading so screen readers read what happened next (the heading names the new
  // step). An updated enrolment (after a UTR) is kept, and focus stays where it is.
  const [shown, setShown] = useState(result)
  if (result !== shown) {
    setShown(result)
    if (result?.enrolment) {
      const { enrolment } = result
      setReference(enrolment.reference)
      setAnswered({ enrolment, cachedAt: queryClient.getQueryState(enrolmentKey(enrolment.reference))?.dataUpdatedAt ?? 0 })
      if (result.intent === 'enrol') {
        setWantsForm(false)
        setNotice(noticeOf(result))
        setFocusRequest((count) => count + 1)
      }
    }
  }

  // A student back from the UPI app: the enrolment last made in this browser for the course.
  useEffect(() => {
    const stored = readStoredReference(course.slug)
    // Read after hydration, so the server's page and the browser's first render agree.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (stored) setReference((current) => current ?? stored)
  }, [course.slug])

  // An answer's enrolment: into the cache and remembered in this browser.
  useEffect(() => {
    if (!answered) return
    const { enrolment } = answered
    queryClient.setQueryData(enrolmentKey(enrolment.reference), enrolment)
    storeReference(course.slug, enrolment.reference)
    void queryClient.invalidateQueries({ queryKey: myEnrolmentsKey })
    void queryClient.invalidateQueries({ queryKey: sessionEnrolmentsKey })
  }, [answered, course.slug, queryClient])

  const stored = useEnrolment(chosenReference)
  // The account's enrolments, or a visitor's in this browser session (sent with the page).
  const mine = useVisibleEnrolments({ loggedIn: Boolean(account) })
  // Another session's enrolment, or one that no longer exists: forget it.
  const storedGone = stored.error instanceof ApiError && stored.error.status === 404
  const reference = storedGone ? undefined : chosenReference

  useEffect(() => {
    if (storedGone) storeReference(course.slug, undefined)
  }, [storedGone, course.slug])

  useEffect(() => {
    if (focusRequest > 0) headingRef.current?.focus()
  }, [focusRequest])

  // The visitor's enrolment in this course that still matters: one to pay, else a confirmed one.
  const forCourse = mine.data?.filter((item) => item.course.slug === course.slug) ?? []
  const fromAccount = forCourse.find((item) => item.is_open) ?? forCourse.find((item) => item.status === 'confirmed')
  const fromAnswer =
    answered && answered.enrolment.reference === reference && stored.dataUpdatedAt <= answered.cachedAt ? answered.enrolment : undefined
  const sameAsAccount = fromAccount && fromAccount.reference === reference ? fromAccount : undefined
  const current: Enrolment | undefined = wantsForm ? undefined : (fromAnswer ?? stored.data ?? (reference ? sameAsAccount : fromAccount))
  const loading = !wantsForm && !current && ((Boolean(reference) && stored.isPending) || (!reference && mine.isPending))

  function startAgain() {
    storeReference(course.slug, undefined)
    setReference(undefined)
    setAnswered(undefined)
    setWantsForm(true)
    setNotice(undefined)
    setFocusRequest((count) => count + 1)
  }

  const initial: Partial<EnrolmentValues> = { ...account, referral_code: referralCode }

  const showingForm = !loading && (!current || current.status === 'rejected')
  let heading = `Enrol in ${course.name}`
  let body
  if (loading) {
    body = (
      <div className="flex flex-col gap-4" aria-busy="true">
        <p className="sr-only" role="status">
          Loading your enrolment…
        </p>
        <div className="h-8 w-2/3 animate-pulse rounded-control bg-slate-200 motion-reduce:animate-none" aria-hidden="true" />
        <div className="h-56 w-full animate-pulse rounded-card bg-slate-100 motion-reduce:animate-none" aria-hidden="true" />
      </div>
    )
  } else if (stored.isError && !storedGone && !wantsForm && !fromAnswer) {
    body = (
      <div role="alert" className="flex flex-col gap-3">
        <Alert tone="error" title="We could not load your enrolment">
          {stored.error.message}
        </Alert>
        <div className="flex flex-wrap gap-3">
          <RetryButton onRetry={() => void stored.refetch()} variant="primary" />
          <StartAgain onStartAgain={startAgain}>Start a new enrolment</StartAgain>
        </div>
      </div>
    )
  } else if (current?.is_open) {
    heading = current.payment ? `Pay ${current.amount_display} to confirm your place` : 'We are checking your payment'

    body = (
      <OpenEnrolment
        enrolment={current}
        result={result?.intent === 'utr' && result.enrolment?.reference === current.reference ? result : undefined}
        pending={pending === 'utr'}
        onStartAgain={startAgain}
      />
    )
  } else if (current?.status === 'confirmed') {
    heading = `You are enrolled in ${course.name}`
    body = (
      <div className="flex flex-col gap-5">
        <Alert tone="success" title="Your payment is confirmed">
          We have received your payment of {current.amount_display}. Enrolment {current.reference} for {current.name} is
          confirmed{current.confirmed_at ? ` (${formatDateIst(current.confirmed_at)})` : ''}. We will email the batch details
          to {current.email} before classes start.
        </Alert>
        <div className="flex flex-wrap gap-3">
          {account && (
            <Link to={href('/dashboard')} className="font-semibold text-brand-800 underline underline-offset-4">
              See your enrolments on the dashboard
            </Link>
          )}
          <StartAgain onStartAgain={startAgain}>
            <UserPlus className="size-4" aria-hidden="true" width={16} height={16} />
            Enrol someone else
          </StartAgain>
        </div>
      </div>
    )
  } else {
    const rejected = current?.status === 'rejected' ? current : undefined
    body = (
      <div className="flex flex-col gap-6">
        {rejected && (
          <Alert tone="error" title={`Enrolment ${rejected.reference} was not accepted`}>
            {rejected.rejected_reason || 'We could not match a payment to it.'} If you have paid, write to us with your UTR. You
            can also enrol again below.
          </Alert>
        )}
        <EnrolmentForm
          key={rejected?.reference ?? 'new'}
          course={course}
          initial={rejected ? { name: rejected.name, phone: rejected.phone_display, email: rejected.email } : initial}
          codeFromLink={Boolean(referralCode)}
          result={result?.intent === 'enrol' ? result : undefined}
          pending={pending === 'enrol'}
        />
      </div>
    )
  }

  return (
    <section id="enrol" aria-labelledby="enrol-heading" className="scroll-mt-20 border-t border-line bg-surface-muted">
      {/* Phones: heading, form, then the steps (the "Enrol now" link lands on the form);
          wide screens: heading and steps beside the form. */}
      <div className="container-page grid gap-8 py-12 sm:py-16 lg:grid-cols-[0.8fr_1.2fr] lg:grid-rows-[auto_1fr] lg:gap-x-12">
        <div className="flex flex-col gap-2 lg:col-start-1 lg:row-start-1">
          <p className="text-sm font-semibold tracking-wide text-accent-700 uppercase">Enrolment</p>
          <h2 id="enrol-heading" ref={headingRef} tabIndex={-1} autoFocus={autoFocusHeading || undefined} className="text-title font-bold text-ink">
            {heading}
          </h2>
        </div>
        <div className="min-w-0 lg:col-start-2 lg:row-span-2 lg:row-start-1">
          <div role="status" aria-live="polite" className="mb-5 empty:hidden">
            {notice && <Alert tone="info">{notice}</Alert>}
          </div>
          {showingForm ? <div className="rounded-card border border-line bg-white p-5 shadow-card sm:p-8">{body}</div> : body}
        </div>
        {/* Once enrolled, phones go straight to paying; wide screens keep the steps beside. */}
        <ol className={cn('flex-col gap-4 lg:col-start-1 lg:row-start-2', showingForm ? 'flex' : 'hidden lg:flex')}>
          {STEPS.map(([title, text], index) => (
            <li key={title} className="flex gap-3">
              <span
                aria-hidden="true"
                className="flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-700 text-sm font-bold text-white"
              >
                {index + 1}
              </span>
              <div className="flex flex-col gap-0.5 pt-1">
                <p className="font-semibold text-ink">{title}</p>
                <p className="text-sm text-ink-muted">{text}</p>
              </div>
            </li>
          ))}
        </ol>
      </div>
    </section>
  )
}

type OpenEnrolmentProps = {
  enrolment: Enrolment
  /** The page action's latest answer to the UTR form of this enrolment. */
  result?: EnrolmentAnswer
  /** The UTR form is being sent. */
  pending: boolean
  onStartAgain: () => void
}

/** Waiting for payment (pay, then send the UTR) or for staff to check the UTR sent. */
function OpenEnrolment({ enrolment, result, pending, onStartAgain }: OpenEnrolmentProps) {
  const [saved, setSaved] = useState(() => result?.ok === true)
  const claimed = enrolment.status === 'paid_claimed'

  // A UTR accepted: thank the student (the enrolment shown is the answer's).
  const [shown, setShown] = useState(result)
  if (result !== shown) {
    setShown(result)
    if (result?.ok) setSaved(true)
  }

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-3 rounded-card border border-line bg-white p-5 shadow-card sm:flex-row sm:items-center sm:justify-between sm:p-6">
        <dl className="grid gap-x-8 gap-y-2 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-ink-muted">Enrolment reference</dt>
            <dd className="font-mono text-base font-semibold text-ink">{enrolment.reference}</dd>
          </div>
          <div>
            <dt className="text-ink-muted">For</dt>
            <dd className="font-semibold text-ink">
              {enrolment.name}, <span className="whitespace-nowrap">{enrolment.phone_display}</span>
            </dd>
          </div>
        </dl>
        <EnrolmentStatusBadge enrolment={enrolment} />
      </div>

      {enrolment.payment && <UpiPaymentPanel payment={enrolment.payment} />}

      <div className="rounded-card border border-line bg-white p-5 shadow-card sm:p-6">
        <div role="status" aria-live="polite" className="empty:hidden">
          {claimed && (
            <Alert tone="success" title={saved ? 'Thank you, we have your UTR' : 'Payment submitted'}>
              UTR <span className="font-mono font-semibold">{enrolment.utr}</span>. Our team matches it with our bank statement
              and confirms your place, usually within one working day; we email {enrolment.email} when it is done.
            </Alert>
          )}
        </div>
        {/* Once sent, a UTR is changed only by staff (the API refuses a second one). */}
        {enrolment.can_submit_utr && <UtrForm enrolment={enrolment} result={result} pending={pending} />}
      </div>

      <div>
        <StartAgain onStartAgain={onStartAgain}>
          <UserPlus className="size-4" aria-hidden="true" width={16} height={16} />
          Enrol someone else
        </StartAgain>
      </div>
    </div>
  )
}
