import { lazy, Suspense, useEffect, useState, type ComponentProps } from 'react'

import type { EnrolmentSection as EnrolmentSectionComponent } from '@/features/enrolments/components/enrolment-section'

/*
 * The enrolment section sits below the course details: its code (the form, the UPI panel,
 * the UTR step) starts downloading once the page has been painted instead of before, so
 * on a slow phone the course itself shows sooner. "Enrol now" (#enrol) lands on the
 * placeholder, which the section then replaces in place.
 */
const EnrolmentSection = lazy(async () => ({
  default: (await import('@/features/enrolments/components/enrolment-section')).EnrolmentSection,
}))

export function LazyEnrolmentSection(props: ComponentProps<typeof EnrolmentSectionComponent>) {
  // Effects run after the first paint; the timer lets that paint happen before the request.
  const [painted, setPainted] = useState(false)
  useEffect(() => {
    const timer = window.setTimeout(() => setPainted(true), 0)
    return () => window.clearTimeout(timer)
  }, [])
  if (!painted) return <EnrolmentPlaceholder />
  return (
    <Suspense fallback={<EnrolmentPlaceholder />}>
      <EnrolmentSection {...props} />
    </Suspense>
  )
}

function EnrolmentPlaceholder() {
  return (
    <section id="enrol" aria-label="Enrolment" aria-busy="true" className="scroll-mt-20 border-t border-line bg-surface-muted">
      <div className="container-page flex min-h-[36rem] flex-col gap-4 py-12 sm:py-16">
        <p className="sr-only" role="status">
          Loading the enrolment form…
        </p>
        <div className="h-8 w-2/3 max-w-md animate-pulse rounded-control bg-slate-200 motion-reduce:animate-none" aria-hidden="true" />
        <div className="h-72 w-full max-w-2xl animate-pulse rounded-card bg-slate-100 motion-reduce:animate-none" aria-hidden="true" />
      </div>
    </section>
  )
}
