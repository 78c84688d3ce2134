import { href, redirect, useLoaderData, useLocation, useNavigate, useParams } from 'react-router'

import type { Route } from './+types/verify'

import { PageHeader } from '@/components/ui/page-header'
import { useSiteSettings } from '@/features/catalog/api/get-site-settings'
import { certificateQueryOptions, useCertificate } from '@/features/certificates/api/get-certificate'
import { certificateResultPath, normaliseCertificateId } from '@/features/certificates/certificate-id'
import { CertificateResult } from '@/features/certificates/components/certificate-result'
import { VerifyForm } from '@/features/certificates/components/verify-form'
import { EMPTY_ID_MESSAGE } from '@/features/certificates/components/verify-form'
import { VerifyHelp } from '@/features/certificates/components/verify-help'
import { pageMeta } from '@/app/meta'
import { prefetch } from '@/lib/prefetch'

/**
 * The form is a GET form: without JavaScript it asks for /verify?id=<ID>, which goes on to
 * the shareable /verify/<ID>; an address in another spelling (/verify/abc%20) goes to the
 * one people share (/verify/ABC). The result is in the page the server sends.
 */
export async function loader({ url, params }: Route.LoaderArgs) {
  const param = params['*']
  if (param === undefined) {
    const asked = url.searchParams.get('id')
    if (asked === null) return { emptyId: false }
    const certificateId = normaliseCertificateId(asked)
    if (!certificateId) return { emptyId: true }
    throw redirect(certificateResultPath(certificateId))
  }
  const certificateId = normaliseCertificateId(param)
  if (!certificateId) throw redirect(href('/verify'))
  if (certificateId !== param) throw redirect(certificateResultPath(certificateId))
  return { emptyId: false, dehydrated: await prefetch(certificateQueryOptions(certificateId)) }
}

const VERIFY_META = {
  '/verify': { title: 'Verify a certificate', description: 'Check that a certificate we issued is genuine: enter its certificate ID.' },
  '/downloadCertificate': {
    title: 'Download your certificate',
    description: 'Enter your certificate ID to verify it and download your certificate.',
    noindex: true,
  },
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(
    args,
    VERIFY_META[args.location.pathname as keyof typeof VERIFY_META] ?? {
      title: 'Certificate verification',
      description: 'The verification result for a certificate we issued.',
      noindex: true,
    },
  )

/**
 * /verify, /downloadCertificate and /verify/:certificateId. Verifying navigates to the
 * shareable /verify/<ID>, which shows the result straight away (a QR code opens it).
 */
export default function Page() {
  const { '*': param } = useParams()
  const { emptyId } = useLoaderData<typeof loader>()
  const { pathname } = useLocation()
  const navigate = useNavigate()
  const { data: site } = useSiteSettings()
  const certificateId = param === undefined ? '' : normaliseCertificateId(param)
  const lookup = useCertificate(certificateId)

  function onVerify(next: string) {
    if (next === certificateId) void lookup.refetch()
    else void navigate(certificateResultPath(next))
  }

  const isDownload = pathname === href('/downloadCertificate')
  return (
    <>
      <PageHeader
        eyebrow="Certificates"
        title={isDownload ? 'Download your certificate' : 'Verify a certificate'}
        intro={
          isDownload
            ? 'Enter your certificate ID to check your certificate and download it, with your letter of recommendation if your internship was 30 days long.'
            : 'Check that a certificate we issued is genuine. Enter the certificate ID printed on it to see who it was issued to and for what.'
        }
      />
      <div className="container-page grid gap-8 py-10 sm:py-14 lg:grid-cols-[1.6fr_1fr] lg:gap-12">
        <div className="flex flex-col gap-8 rounded-card border border-line bg-white p-5 shadow-card sm:p-8">
          {/* Remount per ID so the field starts with the ID being shown. */}
          <VerifyForm
            key={certificateId}
            initialValue={certificateId}
            initialError={emptyId ? EMPTY_ID_MESSAGE : undefined}
            onVerify={onVerify}
            pending={lookup.isFetching}
          />
          {certificateId && (
            <div className="border-t border-line pt-8">
              <CertificateResult certificateId={certificateId} organizationName={site?.brand_name ?? ''} />
            </div>
          )}
        </div>
        <aside aria-label="About verification">
          <VerifyHelp />
        </aside>
      </div>
    </>
  )
}
