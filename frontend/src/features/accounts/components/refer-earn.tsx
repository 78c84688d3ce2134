import { ArrowRight, Gift, Share2, UserPlus, type LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link, href } from 'react-router'

import { LinkButton } from '@/components/ui/link-button'

export type CourseReward = { slug: string; name: string; reward: string }

export function ReferEarnHero() {
  return (
    <section aria-labelledby="referearn-heading" className="relative overflow-hidden bg-gradient-to-b from-brand-50 to-white">
      <div className="container-page grid items-center gap-10 py-12 sm:py-16 lg:grid-cols-[1.2fr_0.8fr] lg:py-20">
        <div className="flex flex-col gap-5">
          <p className="text-sm font-semibold tracking-wide text-accent-700 uppercase">Refer and earn</p>
          <h1 id="referearn-heading" className="text-display font-extrabold text-brand-950">
            Refer a friend, earn a reward
          </h1>
          <p className="max-w-xl text-lg leading-relaxed text-ink-muted">
            Know someone who wants to learn to code? Share your referral code. When your friend enrols in one of our
            courses with it and their payment is confirmed, you earn a reward.
          </p>
          <div className="flex flex-col gap-3 sm:flex-row">
            <LinkButton to={href('/dashboard')} size="lg">
              Get Referral code
              <ArrowRight className="size-5" aria-hidden="true" width={20} height={20} />
            </LinkButton>
            <LinkButton to={href('/courses')} size="lg" variant="secondary">
              See the courses
            </LinkButton>
          </div>
        </div>
        <GiftIllustration className="mx-auto hidden h-auto w-full max-w-xs sm:block" />
      </div>
    </section>
  )
}

function GiftIllustration({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 240 220" width="240" height="220" className={className} aria-hidden="true" focusable="false">
      <circle cx="120" cy="112" r="100" fill="var(--color-brand-100)" />
      <rect x="58" y="96" width="124" height="92" rx="10" fill="var(--color-brand-700)" />
      <rect x="48" y="72" width="144" height="34" rx="8" fill="var(--color-brand-800)" />
      <rect x="110" y="72" width="20" height="116" fill="var(--color-accent-400)" />
      <path d="M120 72c-10-22-40-30-44-12-3 14 24 14 44 12Zm0 0c10-22 40-30 44-12 3 14-24 14-44 12Z" fill="none" stroke="var(--color-accent-400)" strokeWidth="8" strokeLinejoin="round" />
      <text x="120" y="150" textAnchor="middle" fontSize="34" fontWeight="800" fill="#fff">₹</text>
      <circle cx="200" cy="52" r="8" fill="var(--color-accent-300)" />
      <circle cx="40" cy="168" r="6" fill="var(--color-brand-400)" />
    </svg>
  )
}

type Step = { title: string; Icon: LucideIcon; body: ReactNode }

/** Each course's reward, from the catalogue (staff set the amounts); nothing when no course pays one. */
export function ReferEarnRewards({ rewards }: { rewards: readonly CourseReward[] }) {
  if (rewards.length === 0) return null
  return (
    <section aria-labelledby="referearn-rewards-heading" className="container-page flex flex-col gap-8 pb-16 sm:pb-20">
      <div className="mx-auto flex max-w-2xl flex-col items-center gap-3 text-center">
        <h2 id="referearn-rewards-heading" className="text-title font-bold text-ink">
          Rewards per course
        </h2>
        <p className="text-lg text-ink-muted">What you earn for each friend whose enrolment is confirmed.</p>
      </div>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4 lg:gap-6">
        {rewards.map((item) => (
          <li key={item.slug} className="flex flex-col gap-2 rounded-card border border-line bg-white p-6 shadow-card">
            <span className="flex items-center gap-2 font-semibold text-ink">
              <Gift className="size-5 shrink-0 text-accent-700" aria-hidden="true" width={20} height={20} />
              {item.name}
            </span>
            <span className="text-3xl font-extrabold text-success">{item.reward}</span>
            <span className="text-sm text-ink-muted">per friend who enrols</span>
          </li>
        ))}
      </ul>
    </section>
  )
}

/** The programme in three steps; the third lists each course's reward. */
export function ReferEarnSteps() {
  const steps: readonly Step[] = [
    {
      title: 'Sign up and get your code',
      Icon: UserPlus,
      body: (
        <p>
          <Link to={href('/signup')} className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900">
            Create an account
          </Link>{' '}
          with your phone number. Your referral code is on your dashboard straight away.
        </p>
      ),
    },
    {
      title: 'Share your referral link',
      Icon: Share2,
      body: <p>Copy your code, or a link to any course page with your code already in the enrolment form, and share it on WhatsApp or anywhere else.</p>,
    },
    {
      title: 'Earn a reward when your friend’s enrolment is confirmed',
      Icon: Gift,
      body: (
        <p>
          When your friend enrols with your code and our team confirms the payment, you earn the reward for that course,
          listed below.
        </p>
      ),
    },
  ]
  return (
    <section aria-labelledby="referearn-steps-heading" className="py-14 sm:py-20">
      <div className="container-page flex flex-col gap-10">
        <div className="mx-auto flex max-w-2xl flex-col items-center gap-3 text-center">
          <h2 id="referearn-steps-heading" className="text-title font-bold text-ink">
            How it works
          </h2>
          <p className="text-lg text-ink-muted">Three steps, and no limit on how many friends you refer.</p>
        </div>
        <ol className="grid gap-4 lg:grid-cols-3 lg:gap-6">
          {steps.map((step, index) => (
            <li key={step.title} className="flex flex-col gap-4 rounded-card border border-line bg-white p-6 shadow-card">
              <div className="flex items-center gap-3">
                <span className="flex size-12 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                  <step.Icon className="size-6" aria-hidden="true" width={24} height={24} />
                </span>
                <span className="text-sm font-semibold tracking-wide text-accent-700 uppercase">Step {index + 1}</span>
              </div>
              <h3 className="text-lg font-bold text-ink">{step.title}</h3>
              <div className="text-ink-muted">{step.body}</div>
            </li>
          ))}
        </ol>
      </div>
    </section>
  )
}

export function ReferEarnCta() {
  return (
    <section aria-labelledby="referearn-cta-heading" className="container-page pb-16 sm:pb-20">
      <div className="relative overflow-hidden rounded-card bg-brand-900 px-6 py-12 text-center text-white sm:px-12">
        <svg className="absolute -top-16 -right-16 text-brand-700" viewBox="0 0 200 200" width="200" height="200" aria-hidden="true" focusable="false">
          <circle cx="100" cy="100" r="100" fill="currentColor" opacity="0.6" />
        </svg>
        <div className="relative mx-auto flex max-w-2xl flex-col items-center gap-5">
          <h2 id="referearn-cta-heading" className="text-title font-bold">
            Your code is waiting on your dashboard
          </h2>
          <p className="text-lg text-brand-100">Log in (or sign up) to copy your code and your course links.</p>
          <LinkButton to={href('/dashboard')} size="lg" variant="inverse" className="w-full sm:w-auto">
            Get Referral code
          </LinkButton>
        </div>
      </div>
    </section>
  )
}
