import { LinkButton } from '@/components/ui/link-button'
import { PageHeader } from '@/components/ui/page-header'
import { links } from '@/config/paths'
import { useAbout } from '@/features/catalog/api/get-about'
import { AboutIllustration } from '@/features/catalog/components/illustrations'
import { LoadError, TextSkeleton } from '@/components/ui/query-states'
import { RichText } from '@/features/catalog/components/rich-text'
import { TableOfContents } from '@/features/catalog/components/table-of-contents'

export function Component() {
  const about = useAbout()
  return (
    <>
      <PageHeader eyebrow="About us" title={about.data?.title ?? 'About us'} intro={about.data?.summary} />
      <div className="container-page py-10 sm:py-14">
        {about.isPending && <TextSkeleton label="Loading…" lines={10} />}
        {about.isError && <LoadError what="this page" error={about.error} onRetry={() => void about.refetch()} />}
        {about.data && (
          <div className="grid gap-10 lg:grid-cols-[1fr_20rem] lg:gap-12">
            <RichText html={about.data.body_html} />
            <div className="flex flex-col gap-6 lg:sticky lg:top-24 lg:h-fit">
              <AboutIllustration className="mx-auto hidden h-auto w-full max-w-xs lg:block" />
              <TableOfContents sections={about.data.sections} />
            </div>
          </div>
        )}
        <div className="mt-12 flex flex-col gap-3 rounded-card bg-brand-900 p-6 text-white sm:flex-row sm:items-center sm:justify-between sm:p-8">
          <p className="text-lg font-semibold">Have a project in mind, or ready to learn?</p>
          <div className="flex flex-wrap gap-3">
            <LinkButton to={links.getquote} variant="inverse">
              Get a quote
            </LinkButton>
            <LinkButton to={links.courses} variant="inverse-outline">
              Explore courses
            </LinkButton>
          </div>
        </div>
      </div>
    </>
  )
}
