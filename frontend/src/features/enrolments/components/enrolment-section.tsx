import { UserPlus } from 'lucide-react'
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { Form, Link, href, useSearchParams } from 'react-router'

import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { buttonClasses } from '@/components/ui/button-styles'
import type { EnrolmentAnswer, EnrolmentIntent } from '@/features/enrolments/answer'
import type { Batch, Enrolment, State } from '@/features/enrolments/types'
import { CourseBatches } from '@/features/enrolments/components/course-batches'
import { EnrolmentForm } from '@/features/enrolments/components/enrolment-form'
import { EnrolmentStatusBadge } from '@/features/enrolments/components/enrolment-status-badge'
import { OnlinePaymentPanel } from '@/features/enrolments/components/online-payment-panel'
import { UpiPaymentPanel } from '@/features/enrolments/components/upi-payment-panel'
import { UtrForm } from '@/features/enrolments/components/utr-form'
import { WaitlistForm } from '@/features/enrolments/components/waitlist-form'
import { anotherSearch, ENROLMENT_PARAM, type ShownEnrolment } from '@/features/enrolments/shown'
import { COUPON_MAX, ENROLMENT_FIELDS, type EnrolmentValues } from '@/features/enrolments/validation'
import { cn } from '@/lib/cn'
import { formatDateIst } from '@/lib/format'

export type EnrolmentCourse = { slug: string; name: string; payable_fee_display: string }

type EnrolmentSectionProps = {
  course: EnrolmentCourse
  /** India's states and union territories, for the form's state select. */
  states: readonly State[]
  /** The enrolment shown, or the form (src/features/enrolments/shown.ts). */
  shown: ShownEnrolment
  /** The logged-in account's details, to prefill the form; undefined for a visitor. */
  account?: { name: string; phone: string; email: string }
  /** From the friend's `?ref=` link. */
  referralCode?: string
  /** The page action's latest answer (useActionData): to the enrolment form or the UTR form. */
  result?: EnrolmentAnswer
  /** Which of the section's forms is being sent. */
  pending?: EnrolmentIntent
  /** The course's batches that have not ended (the page's data); none for a course without batches. */
  batches?: readonly Batch[]
  /** The course has batches (ended ones too): it takes enrolments only into an open one. */
  hasBatches?: boolean
}

/**
 * Whether the section offers "Join the waitlist": the course has batches and none is open,
 * the enrolment was refused for a full (or closed) batch (the API's 409 with
 * extra.waitlist), or the waitlist form was just answered.
 */
function waitlistOffered(result: EnrolmentAnswer | undefined, noneOpen: boolean): boolean {
  if (noneOpen || result?.intent === 'waitlist') return true
  return Boolean(result && !result.ok && result.intent === 'enrol' && result.status === 409 && result.extra.waitlist === true)
}

/** The notice over an enrolment the visitor tried to make again (the API's 409). */
function noticeOf(result: EnrolmentAnswer | undefined, shown: ShownEnrolment): string | undefined {
  const again = result && !result.ok && result.intent === 'enrol' && result.reference
  return again && shown.enrolment?.reference === result.reference ? result.message : undefined
}

/**
 * Whether the page, rendered without JavaScript, opens on the section's heading: on the
 * enrolment the enrol form's answer sent it to (`?enrolment=`), and after an answer, unless
 * one of the forms opens on a field the server refused.
 */
function focusesHeading(result: EnrolmentAnswer | undefined, shown: ShownEnrolment, search: URLSearchParams): boolean {
  if (!result) return search.has(ENROLMENT_PARAM)
  if (result.ok) return true
  const refused = Object.keys(result.fields)
  if (result.intent === 'utr') return !(shown.enrolment && refused.includes('utr'))
  return Boolean(result.reference) || !refused.some((name) => (ENROLMENT_FIELDS as readonly string[]).includes(name))
}

/**
 * "Enrol someone else": this page with `?enrol=another`, the empty form (a link, with or
 * without JavaScript).
 */
function StartAgain({ children }: { children: ReactNode }) {
  const [search] = useSearchParams()
  return (
    <Link to={anotherSearch(search)} preventScrollReset className={buttonClasses('ghost')}>
      {children}
    </Link>
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
 * the enrolment made. Which enrolment is shown is decided from the page's data and its
 * address (`shown`), so a student back from the UPI app (or reloading) finds the same
 * payment details: the server has them among the account's or this session's enrolments.
 */
export function EnrolmentSection({
  course,
  states,
  shown,
  account,
  referralCode = '',
  result,
  pending,
  batches = [],
  hasBatches = false,
}: EnrolmentSectionProps) {
  const [search] = useSearchParams()
  // Without JavaScript the page opens on the heading (see focusesHeading).
  const [autoFocusHeading] = useState(() => focusesHeading(result, shown, search))
  const headingRef = useRef<HTMLHeadingElement>(null)

  // Another enrolment shown (one just made, the visitor's own found on enrolling again) or
  // the form asked for again: focus moves to the heading so screen readers read what
  // happened next (the heading names the new step). The same enrolment updated (after a
  // UTR) leaves focus where it is.
  const current = shown.enrolment
  const showing = current?.reference ?? (shown.missing ? `missing:${shown.missing}` : 'form')
  const shownBefore = useRef(showing)
  useEffect(() => {
    if (shownBefore.current === showing) return
    shownBefore.current = showing
    headingRef.current?.focus()
  }, [showing])

  const notice = noticeOf(result, shown)
  // An offer's link may carry its discount code (`?coupon=`): the field starts with it.
  const coupon = (search.get('coupon') ?? '').trim().slice(0, COUPON_MAX)
  const initial: Partial<EnrolmentValues> = { ...account, referral_code: referralCode, coupon }

  const showingForm = !current || current.status === 'rejected'
  let heading = `Enrol in ${course.name}`
  let body
  if (current?.is_open) {
    heading = current.payment ? `Pay ${current.amount_display} to confirm your place` : 'We are checking your payment'
    body = (
      <OpenEnrolment
        enrolment={current}
        result={result?.intent === 'utr' && result.reference === current.reference ? result : undefined}
        pending={pending === 'utr'}
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
          <StartAgain>
            <UserPlus className="size-4" aria-hidden="true" width={16} height={16} />
            Enrol someone else
          </StartAgain>
        </div>
      </div>
    )
  } else {
    const rejected = current?.status === 'rejected' ? current : undefined
    const open = batches.filter((batch) => batch.is_open)
    const noneOpen = hasBatches && open.length === 0
    const sent = result && !result.ok && result.intent !== 'utr' ? result.values : undefined
    const waitlist = waitlistOffered(result, noneOpen) && (
      <WaitlistForm
        course={course}
        // The full batch the refused enrolment asked for; any batch when none is open.
        batch={noneOpen ? undefined : sent?.batch || undefined}
        initial={{
          ...(rejected ? { name: rejected.name, phone: rejected.phone_display, email: rejected.email } : account),
          ...(sent ? { name: sent.name, phone: sent.phone, email: sent.email } : {}),
        }}
        result={result?.intent === 'waitlist' ? result : undefined}
        pending={pending === 'waitlist'}
      />
    )
    if (noneOpen) heading = `Join the waitlist for ${course.name}`
    // The enrolment just refused (the last seat went meanwhile): its reason, over the waitlist.
    const refusedNow = result && !result.ok && result.intent === 'enrol' && !result.reference ? result.message : undefined
    body = noneOpen ? (
      <div className="flex flex-col gap-6">
        {refusedNow && (
          <div role="alert">
            <Alert tone="error" title="You are not enrolled yet">
              {refusedNow}
            </Alert>
          </div>
        )}
        <Alert tone="info" title="No batch is taking enrolments now">
          Every batch of this course is full or has closed its enrolment. Join the waitlist and we will tell you when a seat
          is free or a new batch opens.
        </Alert>
        {waitlist}
      </div>
    ) : (
      <div className="flex flex-col gap-6">
        {rejected?.refunded && (
          <Alert tone="info" title={`Refunded: enrolment ${rejected.reference}`}>
            Refund of {rejected.amount_display} processed. We have emailed the credit note to {rejected.email}. You can enrol
            again below.
          </Alert>
        )}
        {rejected && !rejected.refunded && (
          <Alert tone="error" title={`Enrolment ${rejected.reference} was not accepted`}>
            {rejected.rejected_reason || 'We could not match a payment to it.'} If you have paid, write to us with your UTR. You
            can also enrol again below.
          </Alert>
        )}
        <EnrolmentForm
          key={rejected?.reference ?? 'new'}
          course={course}
          states={states}
          initial={rejected ? { name: rejected.name, phone: rejected.phone_display, email: rejected.email, coupon } : initial}
          codeFromLink={Boolean(referralCode)}
          codeFromOffer={Boolean(coupon)}
          result={result?.intent === 'enrol' ? result : undefined}
          pending={pending === 'enrol'}
          batches={open}
          batchChosen={search.get('batch') ?? undefined}
        />
        <PaymentLinkOffer course={course} result={result} pending={pending === 'payment-link'} />
        {waitlist && <div className="border-t border-line pt-6">{waitlist}</div>}
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
          {batches.length > 0 && (
            <div className="mt-4">
              <CourseBatches batches={batches} />
            </div>
          )}
        </div>
        <div className="min-w-0 lg:col-start-2 lg:row-span-2 lg:row-start-1">
          <div role="status" aria-live="polite" className="mb-5 empty:hidden">
            {notice && <Alert tone="info">{notice}</Alert>}
            {shown.missing && (
              <Alert tone="info" title={`We cannot show enrolment ${shown.missing} here`}>
                Only the browser it was made in, or the account it belongs to, can see it. Open this page there, or log in
                with the phone number it was made with. You can also enrol below.
              </Alert>
            )}
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
  /** The private link's page (/e/<token>): the QR code by its token, the UTR posted to it. */
  qrUrl?: string
  utrAction?: string
  /** What replaces "Enrol someone else" (the private link's page links to the course page). */
  another?: ReactNode
  /** The private link's token: "Pay ₹N online" asks for the order by it. */
  token?: string
}

/** Waiting for payment (pay, then send the UTR) or for staff to check the UTR sent. */
export function OpenEnrolment({ enrolment, result, pending, qrUrl, utrAction, another, token }: OpenEnrolmentProps) {
  // The UTR just accepted: thank the student (a later visit says "Payment submitted").
  const saved = result?.ok === true
  const claimed = enrolment.status === 'paid_claimed'

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

      {enrolment.referral_code_used && (
        <p className="text-sm text-ink">
          Referred by <span className="font-mono font-semibold">{enrolment.referral_code_used}</span>
        </p>
      )}

      {enrolment.payment && enrolment.pay_online && <OnlinePaymentPanel enrolment={enrolment} token={token} />}
      {enrolment.payment && enrolment.pay_online && (
        <h3 className="-mb-2 text-lg font-semibold text-ink">Pay by UPI yourself</h3>
      )}
      {enrolment.payment && <UpiPaymentPanel payment={qrUrl ? { ...enrolment.payment, qr_url: qrUrl } : enrolment.payment} />}

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
        {enrolment.can_submit_utr && <UtrForm enrolment={enrolment} result={result} pending={pending} action={utrAction} />}
      </div>

      <div>
        {another ?? (
          <StartAgain>
            <UserPlus className="size-4" aria-hidden="true" width={16} height={16} />
            Enrol someone else
          </StartAgain>
        )}
      </div>
    </div>
  )
}

/**
 * On the refusal of a phone that already has an open enrolment in the course made
 * elsewhere (another browser, WhatsApp's in-app one): "Send me my payment link", which
 * sends that enrolment's private link to its own phone. The answer says the same whoever
 * asks, so it shows nothing of the enrolment.
 */
function PaymentLinkOffer({ course, result, pending }: { course: EnrolmentCourse; result?: EnrolmentAnswer; pending: boolean }) {
  const [phone, setPhone] = useState('')
  const [asked, setAsked] = useState(result)
  // The phone of the refused enrolment, kept once its refusal is answered by the offer.
  if (result !== asked) {
    setAsked(result)
    const refused = result && !result.ok && result.intent === 'enrol' && result.status === 409 && result.extra.can_view === false
    if (refused) setPhone(result.values.phone ?? '')
    else if (result?.intent === 'enrol') setPhone('')
  }
  const held = result && !result.ok && result.intent === 'enrol' && result.status === 409 && result.extra.can_view === false
  const sent = result?.ok === true && result.intent === 'payment-link' ? result.message : undefined
  const refused = result && !result.ok && result.intent === 'payment-link' ? result : undefined
  const shownPhone = held ? (result.values.phone ?? '') : phone
  return (
    <div role="status" aria-live="polite" className="empty:hidden">
      {sent && <Alert tone="success">{sent}</Alert>}
      {refused && <Alert tone="error">{refused.fields.phone ?? refused.message}</Alert>}
      {(held || refused) && shownPhone && (
        <Form method="post" preventScrollReset className="mt-3 flex flex-col gap-2">
          <input type="hidden" name="intent" value="payment-link" />
          <input type="hidden" name="course" value={course.slug} />
          <input type="hidden" name="phone" value={shownPhone} />
          <p className="text-sm text-ink-muted">Enrolled from another browser or app? We can send its payment link to this phone.</p>
          <Button type="submit" variant="secondary" pending={pending} className="w-fit">
            Send me my payment link
          </Button>
        </Form>
      )}
    </div>
  )
}
