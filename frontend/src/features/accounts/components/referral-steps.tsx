import { ChevronDown } from 'lucide-react'

import { useHydrated } from '@/lib/use-hydrated'

type Step = { title: string; body: string }

/**
 * The steps' words name only controls that are on the page: the copy buttons exist once
 * the scripts run; without them the code and the links are selected and copied by hand.
 */
function steps(hydrated: boolean): readonly Step[] {
  return [
    {
      title: 'Copy your referral code',
      body: hydrated ? 'Use Copy Referral Code to copy it.' : 'Select the code above and copy it.',
    },
    {
      title: 'Get the form link',
      body: hydrated
        ? 'Choose a course below and use Get Referral Link, or share it straight to WhatsApp.'
        : 'Choose a course below and copy its link, or share it straight to WhatsApp.',
    },
    {
      title: 'Ask your friend to fill in the form with your code',
      body: 'The link fills in your code for them; on the course page it goes in the Referral code field.',
    },
    {
      title: 'Our team verifies it and adds it to your account',
      body: 'Once your friend’s payment is confirmed, the referral and its reward are added to your account.',
    },
  ]
}

/**
 * The four steps of referring a friend, as the dashboard explains them: folded under their
 * heading (a <details>, also without JavaScript), so the dashboard's own figures come first.
 */
export function ReferralSteps({ headingId }: { headingId: string }) {
  const hydrated = useHydrated()
  return (
    <section aria-labelledby={headingId} className="rounded-card border border-line bg-white shadow-card">
      <details className="group">
        <summary className="flex min-h-14 cursor-pointer list-none items-center justify-between gap-3 px-6 py-4 sm:px-8 [&::-webkit-details-marker]:hidden">
          <h2 id={headingId} className="text-xl font-bold text-ink">
            How referrals work
          </h2>
          <ChevronDown
            className="size-5 shrink-0 text-brand-700 transition-transform group-open:rotate-180 motion-reduce:transition-none"
            aria-hidden="true"
            width={20}
            height={20}
          />
        </summary>
        <ol className="flex flex-col gap-5 border-t border-line px-6 py-5 sm:px-8 sm:py-6">
          {steps(hydrated).map((step, index) => (
            <li key={step.title} className="flex gap-4">
              <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-base font-bold text-brand-800" aria-hidden="true">
                {index + 1}
              </span>
              <div className="flex flex-col gap-1">
                <h3 className="font-semibold text-ink">
                  <span className="sr-only">Step {index + 1}: </span>
                  {step.title}
                </h3>
                <p className="text-sm text-ink-muted">{step.body}</p>
              </div>
            </li>
          ))}
        </ol>
      </details>
    </section>
  )
}
