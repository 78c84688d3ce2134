import { CircleCheck } from 'lucide-react'

import { SectionHeading } from '@/components/ui/section-heading'
import { AboutIllustration } from '@/features/catalog/components/illustrations'
import { about } from '@/features/catalog/content/home'

export function AboutSection() {
  return (
    <section aria-labelledby="about-heading" className="section-y">
      <div className="container-page grid items-center gap-10 lg:grid-cols-2 lg:gap-16">
        <AboutIllustration className="order-last mx-auto h-auto w-full max-w-sm lg:order-first lg:max-w-md" />
        <div className="flex flex-col gap-5">
          <SectionHeading id="about-heading" eyebrow={about.heading} title={about.lead} />
          {about.paragraphs.map((paragraph) => (
            <p key={paragraph.slice(0, 24)} className="leading-relaxed text-ink-muted">
              {paragraph}
            </p>
          ))}
          <ul className="flex flex-col gap-2.5">
            {about.points.map((point) => (
              <li key={point} className="flex items-center gap-2.5 font-medium text-ink">
                <CircleCheck className="size-5 shrink-0 text-brand-600" aria-hidden="true" width={20} height={20} />
                {point}
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  )
}
