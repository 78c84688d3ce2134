import { Gift, Link2 } from 'lucide-react'
import { useRef, useState } from 'react'

import { Button } from '@/components/ui/button'
import { buttonClasses } from '@/components/ui/button-styles'
import { SocialIcon } from '@/components/ui/social-icon'
import { selectText } from '@/features/accounts/components/use-copy'
import { referralLink, referralShareText, whatsappShareUrl } from '@/features/accounts/referral'
import { useHydrated } from '@/lib/use-hydrated'

/** The parts of a course this section needs (the page passes the catalogue's courses). */
export type ReferralCourse = {
  slug: string
  name: string
  route: string
  referral_reward_display: string | null
}

export const COPY_LINK_FAILED = 'Could not copy. Select the link and copy it manually.'

type CourseReferralLinksProps = {
  headingId: string
  courses: readonly ReferralCourse[]
  code: string
  /** The site's origin, e.g. "https://example.com". */
  siteUrl: string
  onCopy: (text: string) => Promise<boolean>
}

function CourseCard({ course, code, siteUrl, onCopy }: { course: ReferralCourse } & Pick<CourseReferralLinksProps, 'code' | 'siteUrl' | 'onCopy'>) {
  const hydrated = useHydrated()
  const linkRef = useRef<HTMLParagraphElement>(null)
  const [failed, setFailed] = useState(false)
  const [copying, setCopying] = useState(false)
  const link = referralLink(siteUrl, course.route, code)
  const headingId = `referral-course-${course.slug}`

  async function onClick() {
    setCopying(true)
    const copied = await onCopy(link)
    setCopying(false)
    setFailed(!copied)
    if (!copied) selectText(linkRef.current)
  }

  return (
    <li className="flex flex-col gap-4 rounded-card border border-line bg-white p-5 shadow-card sm:p-6">
      <div className="flex flex-col gap-2">
        <h3 id={headingId} className="text-lg font-bold text-ink">
          {course.name}
        </h3>
        {course.referral_reward_display && (
          <p className="flex w-fit items-center gap-1.5 rounded-full bg-accent-100 px-3 py-1 text-sm font-semibold text-accent-800">
            <Gift className="size-4" aria-hidden="true" width={16} height={16} />
            Earn {course.referral_reward_display} per friend who enrols
          </p>
        )}
      </div>
      <div className="flex flex-col gap-1">
        <p className="text-sm font-semibold text-ink-muted">Your link</p>
        <p ref={linkRef} className="rounded-control bg-surface-muted px-3 py-2 font-mono text-sm break-all text-ink select-all">
          {link}
        </p>
      </div>
      <div className="mt-auto flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        {hydrated && (
          <Button onClick={onClick} pending={copying} className="sm:flex-1">
            {!copying && <Link2 className="size-4" aria-hidden="true" width={16} height={16} />}
            {/* One flex item, so the space before the hidden words survives in the accessible name. */}
            <span>
              Get Referral Link<span className="sr-only"> for {course.name}</span>
            </span>
          </Button>
        )}
        <a
          href={whatsappShareUrl(referralShareText(course.name, code, link))}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClasses('secondary', 'md', 'sm:flex-1')}
        >
          <SocialIcon name="whatsapp" size={16} />
          <span>
            Share on WhatsApp<span className="sr-only">: {course.name} (opens in a new tab)</span>
          </span>
        </a>
      </div>
      <div role="alert" className="empty:hidden">
        {failed && <p className="text-sm font-semibold text-danger">{COPY_LINK_FAILED}</p>}
      </div>
    </li>
  )
}

/** One card per course with the visitor's referral link, to copy or share on WhatsApp. */
export function CourseReferralLinks({ headingId, courses, code, siteUrl, onCopy }: CourseReferralLinksProps) {
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-6">
      <div className="flex max-w-2xl flex-col gap-2">
        <h2 id={headingId} className="text-title font-bold text-ink">
          Share a course
        </h2>
        <p className="text-lg text-ink-muted">
          Each link opens the course page with your code already filled in on the enrolment form.
        </p>
      </div>
      {courses.length === 0 ? (
        <p className="text-ink-muted">No courses are open for enrolment right now. Your code still works for any course that opens later.</p>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2 lg:gap-6">
          {courses.map((course) => (
            <CourseCard key={course.slug} course={course} code={code} siteUrl={siteUrl} onCopy={onCopy} />
          ))}
        </ul>
      )}
    </section>
  )
}
