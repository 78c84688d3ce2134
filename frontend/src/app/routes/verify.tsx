import {
  data,
  href,
  redirect,
  type ShouldRevalidateFunctionArgs,
  useActionData,
  useLoaderData,
  useLocation,
  useNavigate,
  useNavigation,
  useParams,
  useRevalidator,
} from 'react-router'

import type { Route } from './+types/verify'
import type { SharingHandle } from '@/server/cache-policy'

import { PageHeader } from '@/components/ui/page-header'
import { certificateResultPath, normaliseCertificateId } from '@/features/certificates/certificate-id'
import { checkCredential, CREDENTIAL_MAX_BYTES, CREDENTIAL_MISSING_MESSAGE, CREDENTIAL_TOO_LARGE_MESSAGE } from '@/features/certificates/api/check-credential'
import { CertificateResult, type LookupFailure } from '@/features/certificates/components/certificate-result'
import {
  CREDENTIAL_INTENT,
  CredentialCheckForm,
  type CredentialCheckResult,
} from '@/features/certificates/components/credential-check-form'
import { VerifyForm } from '@/features/certificates/components/verify-form'
import { EMPTY_ID_MESSAGE } from '@/features/certificates/components/verify-form'
import { VerifyHelp } from '@/features/certificates/components/verify-help'
import { pageMeta } from '@/app/meta'
import { ApiError, apiClient, unwrap } from '@/lib/api-client'
import type { FormFailure } from '@/lib/form-result'
import { formFailure, readForm } from '@/server/form.server'
import type { HydrationHandle } from '@/lib/hydration'

/** The form's page, without a result. */
async function formPage(emptyId: boolean) {
  const page = await unwrap(apiClient.GET('/api/pages/basic'))
  return { ...page, emptyId, certificate: null, refusal: null, failure: null }
}

/**
 * A certificate's page: the record, or the refusal (no such ID). A client past its checks'
 * limit (429) gets the page with the limit's message and Try again.
 */
async function resultPage(certificateId: string) {
  try {
    const page = await unwrap(apiClient.GET('/api/pages/verify/{certificate_id}', { params: { path: { certificate_id: certificateId } } }))
    return { ...page, emptyId: false, failure: null }
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 429)) throw error
    const failure: LookupFailure = { status: error.status, message: error.message, retryAfter: error.retryAfter }
    return { ...(await formPage(false)), failure }
  }
}

/**
 * The form is a GET form: without JavaScript it asks for /verify?id=<ID>, which goes on to
 * the shareable /verify/<ID>; an address in another spelling (/verify/abc%20) goes to the
 * one people share (/verify/ABC). The result is in the page the server sends.
 */
export async function loader({ url, params }: Route.LoaderArgs) {
  const param = params['*']
  if (param === undefined) {
    const asked = url.searchParams.get('id')
    if (asked === null) return formPage(false)
    const certificateId = normaliseCertificateId(asked)
    if (!certificateId) return formPage(true)
    throw redirect(certificateResultPath(certificateId))
  }
  const certificateId = normaliseCertificateId(param)
  if (!certificateId) throw redirect(href('/verify'))
  if (certificateId !== param) throw redirect(certificateResultPath(certificateId))
  return resultPage(certificateId)
}

/** A file the form refused before asking the API (as the API would answer). */
function refused(status: number, message: string, reason: string) {
  const failure: FormFailure = {
    ok: false,
    intent: CREDENTIAL_INTENT,
    status,
    message,
    fields: { file: message },
    extra: { reason },
    values: {},
  }
  return data(failure, { status })
}

/**
 * "Check a credential file": the uploaded file goes to the API (at most 256 KB, refused
 * here before it is sent), which answers with the verdict; without JavaScript the page is
 * rendered with it.
 */
export async function action({ request }: Route.ActionArgs) {
  const { form } = await readForm(request)
  const file = form.get('file')
  // A File (from Node or a test's DOM); a browser sends an empty one when none was chosen.
  if (file === null || typeof file === 'string' || file.size === 0) return refused(400, CREDENTIAL_MISSING_MESSAGE, 'missing')
  if (file.size > CREDENTIAL_MAX_BYTES) return refused(413, CREDENTIAL_TOO_LARGE_MESSAGE, 'too_large')
  try {
    const check = await checkCredential(file, file.name || undefined)
    return { ok: true as const, intent: CREDENTIAL_INTENT, check }
  } catch (error) {
    return formFailure(error, {}, CREDENTIAL_INTENT)
  }
}

/** Checking a file changes nothing the page loaded: the certificate shown is not fetched again. */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod?.toUpperCase() === 'POST' ? false : defaultShouldRevalidate
}

const VERIFY_META = {
  '/verify': { title: 'Verify a certificate', description: 'Check that a certificate we issued is genuine: enter its certificate ID.' },
  '/downloadCertificate': {
    title: 'Download your certificate',
    description: 'Enter your certificate ID to verify it and download your certificate.',
    noindex: true,
  },
}

/** Shared for at most a minute, so a revocation reaches everyone within it (src/server/cache-policy). */
// The page loads its scripts (src/lib/hydration.ts): the certificate ID's checks at the field and the credential check's upload.
export const handle: SharingHandle & HydrationHandle = { sharing: 'verify', hydrate: true }

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
  const { emptyId, site, certificate, failure } = useLoaderData<typeof loader>()
  const { pathname } = useLocation()
  const navigate = useNavigate()
  const revalidator = useRevalidator()
  const navigation = useNavigation()
  const certificateId = param === undefined ? '' : normaliseCertificateId(param)
  const checkResult = useActionData<typeof action>() as CredentialCheckResult | undefined
  const checking = navigation.state === 'submitting'
  const lookingUp = revalidator.state === 'loading' || (navigation.state === 'loading' && navigation.formMethod === undefined)

  function onVerify(next: string) {
    if (next === certificateId) void revalidator.revalidate()
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
        <div className="flex min-w-0 flex-col gap-8">
        <div className="flex flex-col gap-8 rounded-card border border-line bg-white p-5 shadow-card sm:p-8">
          {/* A page opened from a QR code or a shared link leads with the verdict. */}
          {certificateId && (
            <div className="border-b border-line pb-8">
              <CertificateResult
                certificate={certificate}
                failure={failure ?? undefined}
                organizationName={site.brand_name}
                onRetry={() => void revalidator.revalidate()}
                retrying={revalidator.state === 'loading'}
              />
            </div>
          )}
          {/* Remount per ID so the field starts with the ID being shown. */}
          <VerifyForm
            key={certificateId}
            initialValue={certificateId}
            initialError={emptyId ? EMPTY_ID_MESSAGE : undefined}
            onVerify={onVerify}
            pending={lookingUp}
          />
        </div>
        {!isDownload && (
          <div className="rounded-card border border-line bg-white p-5 shadow-card sm:p-8">
            <CredentialCheckForm result={checkResult} pending={checking} />
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
