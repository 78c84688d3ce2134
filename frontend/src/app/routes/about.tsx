import { LinkButton } from '@/components/ui/link-button'
import { href, useLoaderData } from 'react-router'
import { PageHeader } from '@/components/ui/page-header'
import { AboutIllustration } from '@/features/catalog/components/illustrations'
import { MissingNotice } from '@/features/catalog/components/missing-notice'
import { RichText } from '@/features/catalog/components/rich-text'
import { TableOfContents } from '@/features/catalog/components/table-of-contents'
import type { Route } from './+types/about'
import type { SharingHandle } from '@/server/cache-policy'
import { pageMeta } from '@/app/meta'
import { apiClient, unwrap } from '@/lib/api-client'

/** The page's one call into Django: the frame, its head, and the about text (null when there is none). */
export async function loader() {
  return unwrap(apiClient.GET('/api/pages/about'))
}

/** The same for every visitor without a session: a shared cache may keep it (src/server/cache-policy). */
export const handle: SharingHandle = { sharing: 'page' }

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'About us',
    description: 'Who we are: a small team of developers and trainers building websites, apps and IoT projects and teaching live online courses.',
  })

export default function Page() {
  const { about } = useLoaderData<typeof loader>()
  return (
    <>
      <PageHeader eyebrow="About us" title={about?.title ?? 'About us'} intro={about?.summary} />
      <div className="container-page py-10 sm:py-14">
        {about ? (
          <div className="grid gap-10 lg:grid-cols-[1fr_20rem] lg:gap-12">
            <RichText html={about.body_html} />
            <div className="flex flex-col gap-6 lg:sticky lg:top-24 lg:h-fit">
              <AboutIllustration className="mx-auto hidden h-auto w-full max-w-xs lg:block" />
              <TableOfContents sections={about.sections} />
            </div>
          </div>
        ) : (
          <MissingNotice what="this page" />
        )}
        <div className="mt-12 flex flex-col gap-3 rounded-card bg-brand-900 p-6 text-white sm:flex-row sm:items-center sm:justify-between sm:p-8">
          <p className="text-lg font-semibold">Have a project in mind, or ready to learn?</p>
          <div className="flex flex-wrap gap-3">
            <LinkButton to={href('/getquote')} variant="inverse">
              Get a quote
            </LinkButton>
            <LinkButton to={href('/courses')} variant="inverse-outline">
              Explore courses
            </LinkButton>
          </div>
        </div>
      </div>
    </>
  )
}
