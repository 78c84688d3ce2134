import { figures } from '@/features/catalog/content/home'

export function FiguresSection() {
  return (
    <section aria-labelledby="figures-heading" className="bg-brand-800 text-white">
      <div className="container-page py-12 sm:py-14">
        <h2 id="figures-heading" className="sr-only">
          {figures.heading}
        </h2>
        <dl className="grid grid-cols-2 gap-x-6 gap-y-8 lg:grid-cols-4">
          {figures.items.map((figure) => (
            <div key={figure.label} className="flex flex-col-reverse gap-1 border-l-4 border-accent-400 pl-4">
              <dt className="text-sm font-medium text-brand-100 sm:text-base">{figure.label}</dt>
              <dd className="text-3xl font-extrabold tracking-tight sm:text-4xl">{figure.value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  )
}
