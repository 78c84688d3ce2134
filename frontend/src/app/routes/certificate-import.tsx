import { PageHeader } from '@/components/ui/page-header'
import { CsvFormat } from '@/features/certificates/components/csv-format'
import { CertificateImportError, importCertificatesOnServer } from '@/features/certificates/api/import-certificates'
import { ImportPanel, type ImportAnswer } from '@/features/certificates/components/import-panel'
import { StaffOnly } from '@/features/certificates/components/staff-only'
import type { Route } from './+types/certificate-import'
import { data, useActionData, useLoaderData } from 'react-router'
import { readForm, uploadBytesLimit } from '@/server/form.server'
import { apiClient } from '@/lib/api-client'
import { loadPage, loginRedirect } from '@/server/session.server'
import { pageMeta } from '@/app/meta'
import { BrowserRequests } from '@/app/provider'
import type { HydrationHandle } from '@/lib/hydration'

// The page loads its scripts (src/lib/hydration.ts): the certificate import's upload progress.
export const handle: HydrationHandle = { hydrate: true }

/** Staff who may import certificates; a visitor logs in first; anyone else gets 403. */
export async function loader({ url }: Route.LoaderArgs) {
  const page = await loadPage(url, apiClient.GET('/api/pages/basic'))
  if (!page.visitor) throw loginRedirect(url)
  const allowed = page.visitor.can_import_certificates
  return data({ ...page, allowed }, { status: allowed ? 200 : 403 })
}

/**
 * The import form posted without JavaScript: the file goes to the API (which checks the
 * staff permission), and the page is rendered with its report or refusal.
 */
export async function action({ request }: Route.ActionArgs) {
  const { form } = await readForm(request, { maxBytes: uploadBytesLimit() })
  const dryRun = form.get('intent') !== 'import'
  const file = form.get('file')
  // A browser sends an empty file when none was chosen.
  if (file === null || typeof file === 'string' || file.size === 0) {
    const answer: ImportAnswer = { ok: false, dryRun, status: 400, message: 'Choose a CSV file first.', missingFile: true }
    return data(answer, { status: 400 })
  }
  try {
    const answer: ImportAnswer = { ok: true, dryRun, report: await importCertificatesOnServer(file, file.name || 'certificates.csv', dryRun) }
    return answer
  } catch (error) {
    if (!(error instanceof CertificateImportError)) throw error
    const answer: ImportAnswer = { ok: false, dryRun, status: error.status, message: error.message, reason: error.reason, report: error.report }
    return data(answer, { status: error.status >= 400 ? error.status : 502 })
  }
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
  const answer = useActionData<typeof action>()
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
          <BrowserRequests>
            <ImportPanel answer={answer} />
          </BrowserRequests>
        </div>
        <aside aria-label="File format" className="lg:pt-2">
          <CsvFormat />
        </aside>
      </div>
    </>
  )
}
