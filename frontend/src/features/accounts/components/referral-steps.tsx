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

/** The four steps of referring a friend, as the dashboard explains them. */
export function ReferralSteps({ headingId }: { headingId: string }) {
  const hydrated = useHydrated()
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-5 rounded-card border border-line bg-white p-6 shadow-card sm:p-8">
      <h2 id={headingId} className="text-xl font-bold text-ink">
        How referrals work
      </h2>
      <ol className="flex flex-col gap-5">
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
    </section>
  )
}
