import { data, useLoaderData } from 'react-router'

import type { Route } from './+types/invoice-check'
import { pageMeta } from '@/app/meta'
import { PageHeader } from '@/components/ui/page-header'
import { InvoiceCheckCard } from '@/features/invoices/components/invoice-check-card'
import { ApiError, apiClient, unwrap } from '@/lib/api-client'

/**
 * /invoice/<token>: the page an invoice's (or credit note's) QR code opens. The document's
 * public facts, or the not-found page (404, in the site's frame) for a token we never issued.
 */
export async function loader({ params }: Route.LoaderArgs) {
  try {
    return await unwrap(apiClient.GET('/api/pages/invoice/{token}', { params: { path: { token: params.token } } }))
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 422)) {
      throw data(await unwrap(apiClient.GET('/api/pages/basic')), { status: 404 })
    }
    throw error
  }
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Check an invoice',
    description: 'Check that an invoice, receipt or credit note was issued by us: its number, date and total.',
    noindex: true,
  })

export default function Page() {
  const { check } = useLoaderData<typeof loader>()
  return (
    <>
      <PageHeader eyebrow="Invoice check" title={`${check.title} ${check.number}`} />
      <div className="container-page py-10 sm:py-14">
        <InvoiceCheckCard check={check} />
      </div>
    </>
  )
}
