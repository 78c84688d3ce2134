import { ArrowRight, Award } from 'lucide-react'
import { Link, href } from 'react-router'

import { LinkButton } from '@/components/ui/link-button'
import type { Application, IssuedCertificate, MyInternship as MyInternshipData } from '@/features/internships/types'
import { ApplicationFacts, ApplicationStatusBadge } from '@/features/internships/components/application-status'
import { formatDateIst } from '@/lib/format'

const linkClasses = 'font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900'

/** A certificate's shareable result page, as the API names it (IDs may hold '/', kept inside the one segment). */
function verifyPath(certificate: IssuedCertificate): string {
  return certificate.verify_path || `${href('/verify')}/${encodeURIComponent(certificate.certificate_id)}`
}

function ApplicationCard({ application }: { application: Application }) {
  const board = application.status === 'accepted' && application.board_slug ? `/${application.board_slug}` : undefined
  return (
    <li className="flex flex-col gap-4 rounded-card border border-line bg-white p-5 shadow-card sm:p-6">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between sm:gap-4">
        <h4 className="min-w-0 text-lg font-bold break-words text-ink">{application.domain_title}</h4>
        <ApplicationStatusBadge application={application} className="shrink-0" />
      </div>
      <ApplicationFacts application={application} />
      {board && (
        <div>
          <LinkButton to={board} className="w-full sm:w-auto">
            <span>
              Go to your task board <span className="sr-only">for {application.domain_title}</span>
            </span>
            <ArrowRight className="size-4" aria-hidden="true" width={16} height={16} />
          </LinkButton>
        </div>
      )}
    </li>
  )
}

function CertificateItem({ certificate }: { certificate: IssuedCertificate }) {
  return (
    <li className="flex items-start gap-3 rounded-card border border-green-200 bg-success-bg p-4 sm:p-5">
      <Award className="mt-0.5 size-6 shrink-0 text-success" aria-hidden="true" width={24} height={24} />
      <div className="flex min-w-0 flex-col gap-1">
        <p className="font-semibold text-ink">
          {certificate.domain_title} internship completion certificate
        </p>
        <p className="text-sm text-ink-muted">
          Certificate ID{' '}
          <Link to={verifyPath(certificate)} className={`font-mono break-all ${linkClasses}`}>
            {certificate.certificate_id}
          </Link>
          {certificate.issued_on && (
            <>
              {' · issued '}
              <time dateTime={certificate.issued_on}>{formatDateIst(certificate.issued_on)}</time>
            </>
          )}
        </p>
      </div>
    </li>
  )
}

/**
 * The dashboard's "My internship" section (docs/product.md section 14): the account's
 * applications with their status (and the reason of a rejection), the task board once
 * accepted, and the completion certificates, each linked to its verify page.
 */
export function MyInternship({ headingId, internship }: { headingId: string; internship: MyInternshipData }) {
  const { applications, certificates } = internship
  const body = (
    <div className="flex flex-col gap-6">
      {certificates.length > 0 && (
        <div className="flex flex-col gap-3">
          <h3 className="text-lg font-bold text-ink">Certificates</h3>
          <ul className="flex flex-col gap-3">
            {certificates.map((certificate) => (
              <CertificateItem key={certificate.certificate_id} certificate={certificate} />
            ))}
          </ul>
        </div>
      )}
      {applications.length > 0 ? (
        <div className="flex flex-col gap-3">
          <h3 className="text-lg font-bold text-ink">Applications</h3>
          <ul className="flex flex-col gap-4">
            {applications.map((application) => (
              <ApplicationCard key={application.id} application={application} />
            ))}
          </ul>
        </div>
      ) : (
        <p className="text-ink-muted">
          You have not applied for an internship yet.{' '}
          <Link to={href('/internship')} className={linkClasses}>
            See the internships
          </Link>
        </p>
      )}
    </div>
  )

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-6">
      <div className="flex max-w-2xl flex-col gap-2">
        <h2 id={headingId} className="text-title font-bold text-ink">
          My internship
        </h2>
        <p className="text-lg text-ink-muted">Your applications, your task board and your certificates.</p>
      </div>
      {body}
    </section>
  )
}
