import { ArrowRight } from 'lucide-react'
import { href, useLoaderData } from 'react-router'

import { LinkButton } from '@/components/ui/link-button'
import { PageHeader } from '@/components/ui/page-header'
import type { Route } from './+types/training'
import type { SharingHandle } from '@/server/cache-policy'
import { pageMeta } from '@/app/meta'
import { apiClient, unwrap } from '@/lib/api-client'

/** The page's one call into Django: the frame and the programme's rows. */
export async function loader() {
  return unwrap(apiClient.GET('/api/pages/training'))
}

/** The same for every visitor without a session: a shared cache may keep it (src/server/cache-policy). */
export const handle: SharingHandle = { sharing: 'page' }

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Training and internship programme',
    description: 'Live projects, summer internship, project and internship completion certificates, and job opportunities.',
  })

export default function Page() {
  const { programme } = useLoaderData<typeof loader>()
  return (
    <>
      <PageHeader
        eyebrow="Training and internship"
        title="Training and internship programme"
        intro="Live projects, a guided internship and the certificates that come with them — and, for strong performers, job opportunities."
      />
      <section aria-labelledby="programme-heading" className="container-page flex flex-col gap-8 py-10 sm:py-14">
        <h2 id="programme-heading" className="text-title font-bold text-ink">
          What the programme includes
        </h2>
        {/* Narrow screens: one card per row of the table (shown instead of it, never both). */}
        <ul className="flex flex-col gap-3 sm:hidden">
          {programme.map((row) => (
            <li key={row.title} className="rounded-card border border-line bg-white p-5 shadow-card">
              <h3 className="font-bold text-ink">{row.title}</h3>
              <p className="mt-1 text-ink-muted">{row.detail}</p>
              <p className="mt-3 text-sm">
                <span className="font-medium text-ink-muted">Duration: </span>
                <span className="font-semibold text-ink">{row.duration_text}</span>
              </p>
            </li>
          ))}
        </ul>
        <div className="hidden overflow-hidden rounded-card border border-line bg-white shadow-card sm:block">
          <table className="w-full border-collapse text-left">
            <caption className="sr-only">The training and internship programme: what you get and how long it takes</caption>
            <thead className="bg-brand-800 text-white">
              <tr>
                <th scope="col" className="px-5 py-3 text-sm font-semibold">
                  Programme
                </th>
                <th scope="col" className="px-5 py-3 text-sm font-semibold">
                  What you get
                </th>
                <th scope="col" className="px-5 py-3 text-sm font-semibold">
                  Duration
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {programme.map((row) => (
                <tr key={row.title} className="even:bg-surface-muted">
                  <th scope="row" className="px-5 py-4 align-top font-semibold text-ink">
                    {row.title}
                  </th>
                  <td className="px-5 py-4 align-top text-ink-muted">{row.detail}</td>
                  <td className="px-5 py-4 align-top font-medium text-ink">{row.duration_text}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <div className="flex flex-col gap-3 sm:flex-row">
          <LinkButton to={href('/internship')} size="lg">
            See internship domains
            <ArrowRight className="size-5" aria-hidden="true" width={20} height={20} />
          </LinkButton>
          <LinkButton to={href('/getquote')} size="lg" variant="secondary">
            Ask us a question
          </LinkButton>
        </div>
      </section>
    </>
  )
}
