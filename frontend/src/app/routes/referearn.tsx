import { useLoaderData } from 'react-router'

import {
  ReferEarnCta,
  ReferEarnHero,
  ReferEarnRewards,
  ReferEarnSteps,
  type CourseReward,
} from '@/features/accounts/components/refer-earn'
import type { Route } from './+types/referearn'
import type { SharingHandle } from '@/server/cache-policy'
import { pageMeta } from '@/app/meta'
import { apiClient, unwrap } from '@/lib/api-client'
import type { HydrationHandle } from '@/lib/hydration'

/** The page's one call into Django: the frame and the courses, for their rewards. */
export async function loader() {
  return unwrap(apiClient.GET('/api/pages/referearn'))
}

/** The same for every visitor without a session: a shared cache may keep it (src/server/cache-policy). */
// The page loads its scripts (src/lib/hydration.ts): Copy link (the clipboard).
export const handle: SharingHandle & HydrationHandle = { sharing: 'page', hydrate: true }

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Refer and earn',
    description: 'Refer friends to our courses and earn a reward for every friend who enrols.',
  })

export default function Page() {
  const { courses } = useLoaderData<typeof loader>()
  // Only courses that pay a reward are listed; the amounts come from the catalogue.
  const rewards: CourseReward[] = courses.flatMap((course) =>
    course.referral_reward_display ? [{ slug: course.slug, name: course.name, reward: course.referral_reward_display }] : [],
  )
  return (
    <>
      <ReferEarnHero />
      <ReferEarnSteps />
      <ReferEarnRewards rewards={rewards} />
      <ReferEarnCta />
    </>
  )
}
