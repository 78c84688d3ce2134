import { ArrowLeft, ArrowRight, CircleCheck, LayoutDashboard } from 'lucide-react'
import type { ReactNode } from 'react'
import { data, href, Link, redirect, useActionData, useLoaderData, useNavigation } from 'react-router'

import type { Route } from './+types/internship-apply'
import { pageMeta } from '@/app/meta'
import { Alert } from '@/components/ui/alert'
import { LinkButton } from '@/components/ui/link-button'
import { PageHeader } from '@/components/ui/page-header'
import { applyForInternship } from '@/features/internships/api/apply-for-internship'
import type { Application, InternshipDomainDetail } from '@/features/internships/types'
import { ApplicationForm, type ApplicationResult } from '@/features/internships/components/application-form'
import { ApplicationFacts, ApplicationStatusBadge } from '@/features/internships/components/application-status'
import { ApiError, apiClient, unwrap } from '@/lib/api-client'
import { formFailure, readForm } from '@/server/form.server'
import { loadPage } from '@/server/session.server'
import type { HydrationHandle } from '@/lib/hydration'

// The page loads its scripts (src/lib/hydration.ts): the application form's checks at the field before sending.
export const handle: HydrationHandle = { hydrate: true }

/**
 * The domain, or the not-found page (404) for a slug the catalogue does not have. A visitor
 * who is not logged in goes to /login first and comes back here after (`next`); an unknown
 * slug says so to everyone, logged in or not.
 */
export async function loader({ url, params }: Route.LoaderArgs) {
  try {
    return await loadPage(url, apiClient.GET('/api/pages/internship/{slug}', { params: { path: { slug: params.slug } } }))
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw data(await unwrap(apiClient.GET('/api/pages/basic')), { status: 404 })
    throw error
  }
}

/** The application goes to the API; its refusal (field errors, closed, already applied) comes back to the form. */
export async function action({ request, params, url }: Route.ActionArgs) {
  const { values } = await readForm(request)
  try {
    // Not logged in (any more): the API answers 401, and the login page comes first.
    const application = await applyForInternship({
      domain: params.slug,
      college: (values.college ?? '').trim(),
      year: (values.year ?? '').trim(),
      profile_url: (values.profile_url ?? '').trim(),
      statement: (values.statement ?? '').trim(),
      batch: Number(values.batch) || 0,
    })
    return { ok: true as const, application }
  } catch (error) {
    // The session ended between the page and the post: log in again, then back here.
    if (error instanceof ApiError && error.status === 401) {
      throw redirect(`${href('/login')}?${new URLSearchParams({ next: url.pathname })}`)
    }
    return formFailure(error, values)
  }
}

export const meta: Route.MetaFunction = (args) => {
  const domain = (args.loaderData as { domain?: InternshipDomainDetail } | undefined)?.domain
  return pageMeta(args, {
    title: domain ? `Apply for the ${domain.title} internship` : 'Apply for an internship',
    description: 'Apply for an internship: your college, year, a short statement and the batch you prefer.',
    noindex: true,
  })
}

const linkClasses = 'font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900'

function Panel({ children }: { children: ReactNode }) {
  return <div className="flex flex-col gap-5 rounded-card border border-line bg-white p-5 shadow-card sm:p-8">{children}</div>
}

function BackToInternships() {
  return (
    <Link to={href('/internship')} className={`inline-flex items-center gap-1.5 ${linkClasses}`}>
      <ArrowLeft className="size-4" aria-hidden="true" width={16} height={16} />
      All internships
    </Link>
  )
}

/** Where the account's application stands, and where to go next (its board once accepted). */
function ApplicationPanel({ application, title, intro }: { application: Application; title: string; intro: ReactNode }) {
  return (
    <Panel>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <h2 className="text-xl font-bold text-ink">{title}</h2>
        <ApplicationStatusBadge application={application} className="shrink-0" />
      </div>
      <div className="text-ink-muted">{intro}</div>
      <ApplicationFacts application={application} />
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        {application.status === 'accepted' && application.board_slug && (
          <LinkButton to={`/${application.board_slug}`} className="w-full sm:w-auto">
            Go to your task board
            <ArrowRight className="size-4" aria-hidden="true" width={16} height={16} />
          </LinkButton>
        )}
        <LinkButton to={href('/dashboard')} variant={application.status === 'accepted' ? 'secondary' : 'primary'} className="w-full sm:w-auto">
          <LayoutDashboard className="size-4" aria-hidden="true" width={16} height={16} />
          Go to your dashboard
        </LinkButton>
      </div>
    </Panel>
  )
}

/**
 * /internship/apply/<slug> (docs/product.md section 14): the application form for an open
 * domain; a closed domain says why; an application already made shows where it stands;
 * a sent one says "Application received".
 */
export default function Page() {
  const { domain } = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>() as ApplicationResult | undefined
  const pending = useNavigation().state === 'submitting'
  const received = result?.ok ? result.application : undefined
  const failure = result && !result.ok ? result : undefined

  let body: ReactNode
  if (received) {
    body = (
      <div role="status" className="flex flex-col gap-5">
        <Alert tone="success" title="Application received">
          We will review your application for the {domain.title} internship and email you our decision. You can follow it
          on your dashboard.
        </Alert>
        <ApplicationPanel application={received} title="Your application" intro="It is waiting for our review." />
      </div>
    )
  } else if (domain.my_application) {
    const accepted = domain.my_application.status === 'accepted'
    body = (
      <ApplicationPanel
        application={domain.my_application}
        title="You have applied for this internship"
        intro={
          accepted
            ? 'You are in: your tasks are on your batch’s task board.'
            : 'We are reviewing your application and will email you our decision.'
        }
      />
    )
  } else if (!domain.is_open) {
    body = (
      <Panel>
        <div role="alert">
          <Alert tone="info" title={`Applications for ${domain.title} are closed`}>
            {domain.closed_reason || 'This internship is not taking applications right now.'}
          </Alert>
        </div>
        <p className="text-ink-muted">
          See the internships that are open now, or ask us when this one opens again.
        </p>
        <div>
          <BackToInternships />
        </div>
      </Panel>
    )
  } else {
    body = (
      <Panel>
        <h2 className="text-xl font-bold text-ink">Your application</h2>
        <ApplicationForm domain={domain} failure={failure} pending={pending} />
      </Panel>
    )
  }

  return (
    <>
      <PageHeader eyebrow="Internship application" title={`${domain.title} internship`} intro={domain.summary} />
      <div className="container-page grid gap-8 py-10 sm:py-14 lg:grid-cols-[1.6fr_1fr] lg:gap-12">
        <div className="flex min-w-0 flex-col gap-6">{body}</div>
        <aside aria-label="About the internship" className="flex flex-col gap-4">
          <dl className="flex flex-col gap-3 rounded-card border border-line bg-white p-5 shadow-card sm:p-6">
            <div>
              <dt className="text-xs font-semibold tracking-wide text-ink-muted uppercase">Duration</dt>
              <dd className="font-semibold text-ink">{domain.duration || '-'}</dd>
            </div>
            <div>
              <dt className="text-xs font-semibold tracking-wide text-ink-muted uppercase">Batches</dt>
              <dd className="font-semibold text-ink">{domain.batches.map((batch) => batch.label).join(', ') || '-'}</dd>
            </div>
          </dl>
          <ul className="flex flex-col gap-2 text-ink-muted">
            {[
              'Four tasks, released on set days of your batch’s cycle.',
              'Send your work on the task board; a developer reviews each task.',
              'Your completion certificate is issued when all four are approved.',
            ].map((point) => (
              <li key={point} className="flex gap-2">
                <CircleCheck className="mt-0.5 size-5 shrink-0 text-success" aria-hidden="true" width={20} height={20} />
                {point}
              </li>
            ))}
          </ul>
          <div>
            <BackToInternships />
          </div>
        </aside>
      </div>
    </>
  )
}
