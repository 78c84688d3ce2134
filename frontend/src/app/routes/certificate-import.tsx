import { PageHeader } from '@/components/ui/page-header'
import { CsvFormat } from '@/features/certificates/components/csv-format'
import { ImportPanel } from '@/features/certificates/components/import-panel'
import { StaffOnly } from '@/features/certificates/components/staff-only'
import type { Route } from './+types/certificate-import'
import { data, useLoaderData } from 'react-router'
import { requireUser } from '@/server/session.server'
import { pageMeta } from '@/app/meta'

/** Staff who may import certificates; a visitor logs in first; anyone else gets 403. */
export async function loader({ url }: Route.LoaderArgs) {
  const user = await requireUser(url)
  return data({ allowed: user.can_import_certificates }, { status: user.can_import_certificates ? 200 : 403 })
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Import certificates',
    description: 'Staff only: import certificate records from a CSV file.', noindex: true,
  })

/**
 * /test: staff import certificate records from a CSV. The server already redirects
 * anonymous visitors to /login and answers 403 for others; the app mirrors that and
 * renders no upload control for them (the API refuses them too).
 */
export default function Page() {
  const { allowed } = useLoaderData<typeof loader>()
  if (!allowed) return <StaffOnly signedIn />
  return (
    <>
      <PageHeader
        eyebrow="Staff"
        title="Import certificates"
        intro="Add or update certificate records from a CSV file. Check the file first: you see what would change and every row that needs correcting, and nothing is written until you import."
      />
      <div className="container-page grid gap-10 py-10 sm:py-14 lg:grid-cols-[1.6fr_1fr] lg:gap-12">
        <div className="min-w-0 rounded-card border border-line bg-white p-5 shadow-card sm:p-8">
          <ImportPanel />
        </div>
        <aside aria-label="File format" className="lg:pt-2">
          <CsvFormat />
        </aside>
      </div>
    </>
  )
}
