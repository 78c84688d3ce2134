import { useEffect } from 'react'
import { useLocation, useNavigate, useParams } from 'react-router'

import { PageHeader } from '@/components/ui/page-header'
import { paths } from '@/config/paths'
import { useSiteSettings } from '@/features/catalog/api/get-site-settings'
import { useCertificate } from '@/features/certificates/api/get-certificate'
import { certificateResultPath, normaliseCertificateId } from '@/features/certificates/certificate-id'
import { CertificateResult } from '@/features/certificates/components/certificate-result'
import { VerifyForm } from '@/features/certificates/components/verify-form'
import { VerifyHelp } from '@/features/certificates/components/verify-help'

/**
 * /verify, /downloadCertificate and /verify/:certificateId. Verifying navigates to the
 * shareable /verify/<ID>, which shows the result straight away (a QR code opens it).
 */
export function Component() {
  const { certificateId: param } = useParams()
  const { pathname } = useLocation()
  const navigate = useNavigate()
  const { data: site } = useSiteSettings()
  const certificateId = param === undefined ? '' : normaliseCertificateId(param)
  const lookup = useCertificate(certificateId)

  // /verify/abc%20 shows ABC: keep the address in the one spelling people share.
  useEffect(() => {
    if (param !== undefined && certificateId && param !== certificateId) {
      void navigate(certificateResultPath(certificateId), { replace: true })
    }
  }, [param, certificateId, navigate])

  function onVerify(next: string) {
    if (next === certificateId) void lookup.refetch()
    else void navigate(certificateResultPath(next))
  }

  const isDownload = pathname === paths['download-certificate']
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
          <VerifyForm key={certificateId} initialValue={certificateId} onVerify={onVerify} pending={lookup.isFetching} />
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
