import { Cpu, Globe, GraduationCap, Smartphone, Wrench, type LucideIcon } from 'lucide-react'

import { Accordion } from '@/components/ui/accordion'
import { SectionHeading } from '@/components/ui/section-heading'
import { services, type ServiceId } from '@/features/catalog/content/home'

const icons: Record<ServiceId, LucideIcon> = {
  web: Globe,
  app: Smartphone,
  iot: Cpu,
  training: GraduationCap,
  consulting: Wrench,
}

export function ServicesSection() {
  const items = services.items.map((service) => {
    const Icon = icons[service.id]
    return {
      id: service.id,
      title: service.title,
      icon: <Icon className="size-5" aria-hidden="true" width={20} height={20} />,
      content: <p className="leading-relaxed">{service.body}</p>,
    }
  })
  return (
    <section aria-labelledby="services-heading" className="section-y bg-surface-muted">
      <div className="container-page grid gap-10 lg:grid-cols-[0.8fr_1.2fr] lg:gap-16">
        <SectionHeading id="services-heading" eyebrow="Services" title={services.heading} intro={services.intro} />
        <Accordion items={items} headingLevel={3} defaultOpen={['web']} />
      </div>
    </section>
  )
}
