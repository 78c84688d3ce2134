import { Gift } from 'lucide-react'
import { useEffect, useId, useRef, useState } from 'react'
import { useLocation } from 'react-router'

import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { LinkButton } from '@/components/ui/link-button'
import type { HeldReward, ReferralSummary, RewardEntry } from '@/features/referrals/types'
import { PayoutForm } from '@/features/referrals/components/payout-form'
import { RewardHistory } from '@/features/referrals/components/reward-history'
import { PAYOUT_ANCHOR, PAYOUT_OPEN, PAYOUT_PARAM, PAYOUT_REQUESTED, searchWith } from '@/features/referrals/page-params'
import { cn } from '@/lib/cn'
import type { FormFailure } from '@/lib/form-result'
import { useHydrated } from '@/lib/use-hydrated'

function Figure({ label, value, className }: { label: string; value: string; className?: string }) {
  return (
    <div className={cn('flex min-w-0 flex-col justify-between gap-1 rounded-card border border-line bg-white p-4 shadow-card sm:p-5', className)}>
      <dt className="text-sm font-semibold text-ink-muted">{label}</dt>
      <dd className="text-xl font-extrabold [overflow-wrap:anywhere] text-ink tabular-nums lg:text-2xl">{value}</dd>
    </div>
  )
}

/** Five figures: two columns on phones and beside the balance (the first spans both), a row of five between. */
const figureGrid = 'grid grid-cols-2 content-start gap-3 sm:gap-4 md:grid-cols-5 lg:grid-cols-2'
const firstFigure = 'col-span-2 md:col-span-1 lg:col-span-2'

/** Each reward still on hold: earned, and payable from the day after the hold. */
function HeldRewards({ rewards }: { rewards: HeldReward[] }) {
  const id = useId()
  if (rewards.length === 0) return null
  return (
    <div className="flex flex-col gap-2">
      <h4 id={id} className="text-sm font-semibold text-brand-900">
        On hold
      </h4>
      <ul aria-labelledby={id} className="flex flex-col gap-1.5 text-sm text-ink">
        {rewards.map((reward) => (
          <li key={reward.id} className="[overflow-wrap:anywhere]">
            <span className="font-semibold tabular-nums">{reward.amount_display}</span>
            {reward.course_name && <> for {reward.course_name}</>}: earned, on hold until{' '}
            <time dateTime={reward.on_hold_until}>{reward.on_hold_until_display}</time>
          </li>
        ))}
      </ul>
      <p className="text-sm text-ink-muted">A reward can be paid out once its hold is over; a refund before then cancels it.</p>
    </div>
  )
}

/** What the dashboard's action last answered the payout form, and whether it is being sent. */
export type PayoutState = {
  failure?: FormFailure
  pending: boolean
}

function Balance({ summary, payout }: { summary: ReferralSummary; payout: PayoutState }) {
  const id = useId()
  const hydrated = useHydrated()
  const location = useLocation()
  const params = new URLSearchParams(location.search)
  const requested = params.get(PAYOUT_PARAM) === PAYOUT_REQUESTED
  const { failure, pending } = payout
  // 409 (nothing to pay, or a request already waits): said above the refreshed figures.
  const refusal = failure?.status === 409 ? failure : undefined
  const formFailure = failure && !refusal ? failure : undefined
  // Open from the address (the link without JavaScript) or because the server refused it.
  const [open, setOpen] = useState(() => params.get(PAYOUT_PARAM) === PAYOUT_OPEN || Boolean(formFailure))
  const [dismissed, setDismissed] = useState<FormFailure>()
  const headingRef = useRef<HTMLHeadingElement>(null)
  const buttonRef = useRef<HTMLButtonElement>(null)
  // Where focus goes once the form has closed (it held focus, and leaves the page).
  const focusAfterClose = useRef<'button' | 'heading'>(undefined)
  const formOpen = open && summary.can_request_payout

  // Each answer to the form: a refusal or the confirmation's address closes it.
  const [seen, setSeen] = useState({ key: location.key, failure })
  if (seen.key !== location.key || seen.failure !== failure) {
    setSeen({ key: location.key, failure })
    if (refusal || requested) setOpen(false)
  }

  // After every render: the form closes with the answer, then focus moves on.
  useEffect(() => {
    if (formOpen || !focusAfterClose.current) return
    const target = focusAfterClose.current === 'button' ? buttonRef.current : headingRef.current
    focusAfterClose.current = undefined
    target?.focus()
  })

  function close() {
    focusAfterClose.current = 'button'
    setOpen(false)
  }

  const reasonId = `${id}-reason`
  const shownRefusal = refusal && refusal !== dismissed && !formOpen ? refusal : undefined
  const confirmed = requested && !formOpen ? summary.open_request : null

  let opener
  if (!summary.can_request_payout || hydrated) {
    opener = (
      <Button
        ref={buttonRef}
        size="lg"
        className="w-full sm:w-auto"
        disabled={!summary.can_request_payout}
        aria-describedby={summary.can_request_payout ? undefined : reasonId}
        onClick={() => {
          setDismissed(refusal)
          setOpen(true)
        }}
      >
        <Gift className="size-5" aria-hidden="true" width={20} height={20} />
        Get Rewards
      </Button>
    )
  } else {
    // Without JavaScript the form is a page of its own: the same page at ?payout=open.
    opener = (
      <LinkButton
        to={{ search: searchWith(location.search, PAYOUT_PARAM, PAYOUT_OPEN), hash: PAYOUT_ANCHOR }}
        preventScrollReset
        size="lg"
        className="w-full sm:w-auto"
      >
        <Gift className="size-5" aria-hidden="true" width={20} height={20} />
        Get Rewards
      </LinkButton>
    )
  }

  return (
    <div id={PAYOUT_ANCHOR} className="flex scroll-mt-24 flex-col gap-4 rounded-card border border-brand-200 bg-brand-50 p-5 shadow-card sm:p-6">
      <div className="flex flex-col gap-1">
        <h3 ref={headingRef} tabIndex={-1} className="text-sm font-semibold tracking-wide text-brand-800 uppercase">
          Payable balance
        </h3>
        <p className="text-3xl font-extrabold [overflow-wrap:anywhere] text-brand-950 tabular-nums sm:text-4xl">{summary.payable_display}</p>
      </div>

      <HeldRewards rewards={summary.held_rewards} />

      {formOpen ? (
        <PayoutForm
          amountDisplay={summary.payable_display}
          failure={formFailure}
          pending={pending}
          onSend={() => {
            focusAfterClose.current = 'heading'
          }}
          onCancel={close}
        />
      ) : (
        <div className="flex flex-col gap-2">
          <div>{opener}</div>
          {!summary.can_request_payout && (
            <p id={reasonId} className="text-sm [overflow-wrap:anywhere] text-ink-muted">
              {summary.payout_refusal}
            </p>
          )}
        </div>
      )}

      <div role="alert" className="empty:hidden">
        {shownRefusal && <Alert tone="error">{shownRefusal.message}</Alert>}
      </div>
      <div role="status" aria-live="polite" className="[overflow-wrap:anywhere] empty:hidden">
        {confirmed && (
          <Alert tone="success" title="Payout requested">
            We will send {confirmed.amount_display} to {confirmed.upi_id} soon and let you know when it is paid.
          </Alert>
        )}
      </div>
    </div>
  )
}

type RewardsSectionProps = {
  headingId: string
  /** The account's referral figures and its reward ledger (the dashboard's loader). */
  summary: ReferralSummary
  entries: RewardEntry[]
  payout: PayoutState
}

/**
 * The dashboard's referral figures from the ledger, the rewards on hold, Get Rewards (a
 * payout request for the whole payable balance, paid by staff; offered only from the
 * minimum, else the server's reason shows) and the reward history.
 */
export function RewardsSection({ headingId, summary, entries, payout }: RewardsSectionProps) {
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-6">
      <div className="flex max-w-2xl flex-col gap-2">
        <h2 id={headingId} className="text-title font-bold text-ink">
          Your rewards
        </h2>
        <p className="text-lg text-ink-muted">
          A referral counts when a friend enrols with your code and we confirm their payment. Each reward is on hold for a
          few days after that; once it is payable, ask for your balance with Get Rewards and we pay it to your UPI ID.
        </p>
      </div>
      <div className="grid gap-4 lg:grid-cols-[1.5fr_1fr] lg:gap-6">
        <dl className={figureGrid}>
          <Figure label="Successful Referrals" value={String(summary.successful_referrals)} className={firstFigure} />
          <Figure label="Rewards earned" value={summary.earned_display} />
          <Figure label="On hold" value={summary.on_hold_display} />
          <Figure label="Pending payout" value={summary.pending_payout_display} />
          <Figure label="Paid" value={summary.paid_display} />
        </dl>
        <Balance summary={summary} payout={payout} />
      </div>
      <RewardHistory headingId={`${headingId}-history`} entries={entries} />
    </section>
  )
}
