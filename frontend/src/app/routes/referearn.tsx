import {
  ReferEarnCta,
  ReferEarnHero,
  ReferEarnRewards,
  ReferEarnSteps,
  type CourseReward,
} from '@/features/accounts/components/refer-earn'
import { useCourses } from '@/features/catalog/api/get-courses'

export function Component() {
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
