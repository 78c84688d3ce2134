import {
  ReferEarnCta,
  ReferEarnHero,
  ReferEarnRewards,
  ReferEarnSteps,
  type CourseReward,
} from '@/features/accounts/components/refer-earn'
import { useCourses } from '@/features/catalog/api/get-courses'
import type { Route } from './+types/referearn'
import type { SharingHandle } from '@/server/cache-policy'
import { coursesQueryOptions } from '@/features/catalog/api/get-courses'
import { pageMeta } from '@/app/meta'
import { prefetch } from '@/lib/prefetch'

export async function loader() {
  return { dehydrated: await prefetch(coursesQueryOptions()) }
}

/** The same for every visitor without a session: a shared cache may keep it (src/server/cache-policy). */
export const handle: SharingHandle = { sharing: 'page' }

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Refer and earn',
    description: 'Refer friends to our courses and earn a reward for every friend who enrols.',
  })

export default function Page() {
  const courses = useCourses()
  // Only courses that pay a reward are listed; the amounts come from the catalogue.
  const rewards: CourseReward[] | undefined = courses.data?.flatMap((course) =>
    course.referral_reward_display ? [{ slug: course.slug, name: course.name, reward: course.referral_reward_display }] : [],
  )
  return (
    <>
      <ReferEarnHero />
      <ReferEarnSteps />
      <ReferEarnRewards
        rewards={rewards}
        isPending={courses.isPending}
        isError={courses.isError}
        onRetry={() => void courses.refetch()}
      />
      <ReferEarnCta />
    </>
  )
}
