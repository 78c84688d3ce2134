import { Award, CalendarPlus, PlayCircle, Video } from 'lucide-react'
import { Link } from 'react-router'

import { buttonClasses } from '@/components/ui/button-styles'
import type { StudentBatch, StudentClass, WaitlistPlace } from '@/features/classes/types'
import { cn } from '@/lib/cn'

const linkClasses = 'font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900'

/**
 * "Join class" is a link of the site (/classes/<id>/join, Django's), never the meeting
 * link: the server sends a confirmed student on to it inside the class's window. A plain
 * link, so the browser asks the server (no client-side route has it).
 */
function NextClass({ batch }: { batch: StudentBatch }) {
  const next = batch.next_class
  if (!next) return <p className="text-ink-muted">No class is left in this batch’s schedule.</p>
  return (
    <div className="flex flex-col gap-3 rounded-card border border-brand-100 bg-brand-50 p-4 sm:flex-row sm:items-center sm:justify-between sm:p-5">
      <div className="flex flex-col gap-0.5">
        <p className="text-sm font-semibold text-ink-muted">Next {next.kind === 'doubt' ? 'doubt session' : 'class'}</p>
        <p className="font-semibold text-ink">
          <time dateTime={next.starts_at}>{next.when_text}</time>
        </p>
        <p className="text-sm text-ink-muted">India time</p>
      </div>
      {next.join_open && next.join_path ? (
        <a href={next.join_path} className={buttonClasses('primary', 'lg', 'w-full sm:w-auto')}>
          <Video className="size-5" aria-hidden="true" width={20} height={20} />
          Join class
        </a>
      ) : (
        next.opens_text && (
          <p className="text-sm font-semibold text-ink">
            <span className="sr-only">Join class: </span>
            {next.opens_text}
          </p>
        )
      )}
    </div>
  )
}

function ScheduleItem({ item }: { item: StudentClass }) {
  return (
    <li className={cn('flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2', item.cancelled && 'text-ink-muted')}>
      <span>
        <span className={cn(item.cancelled && 'line-through')}>
          <time dateTime={item.starts_at}>{item.when_text}</time>
        </span>
        {item.kind === 'doubt' && <span className="text-ink-muted"> · Doubt session</span>}
        {item.cancelled && <span className="font-semibold"> · Cancelled</span>}
      </span>
      {item.recording_link && (
        <a href={item.recording_link} className={cn('inline-flex items-center gap-1 text-sm', linkClasses)} rel="noopener noreferrer">
          <PlayCircle className="size-4" aria-hidden="true" width={16} height={16} />
          Recording<span className="sr-only"> of {item.when_text}</span>
        </a>
      )}
    </li>
  )
}

function BatchCard({ batch }: { batch: StudentBatch }) {
  return (
    <li className="flex flex-col gap-4 rounded-card border border-line bg-white p-5 shadow-card sm:p-6">
      <div className="flex flex-col gap-1">
        <h3 className="text-lg font-bold break-words text-ink">{batch.course}</h3>
        <p className="text-sm text-ink-muted">
          {batch.starts_text} · {[batch.days, batch.time].filter(Boolean).join(', ')}
        </p>
        <p className="text-sm font-semibold text-ink">{batch.attendance_text}</p>
      </div>
      <NextClass batch={batch} />
      {batch.certificate_id && batch.certificate_verify_path && (
        <p className="flex items-start gap-2 rounded-card border border-green-200 bg-success-bg p-4 text-sm">
          <Award className="size-5 shrink-0 text-success" aria-hidden="true" width={20} height={20} />
          <span>
            Completion certificate{' '}
            <Link to={batch.certificate_verify_path} className={`font-mono break-all ${linkClasses}`}>
              {batch.certificate_id}
            </Link>
          </span>
        </p>
      )}
      {batch.classes.length > 0 && (
        <details className="group rounded-control border border-line px-4 py-3">
          <summary className="cursor-pointer font-semibold text-ink">Schedule ({batch.classes.length} classes)</summary>
          <ul className="mt-2 divide-y divide-line text-sm">
            {batch.classes.map((item) => (
              <ScheduleItem key={item.id} item={item} />
            ))}
          </ul>
        </details>
      )}
    </li>
  )
}

function WaitlistItem({ place }: { place: WaitlistPlace }) {
  return (
    <li className="flex flex-col gap-1 rounded-card border border-line bg-white p-4 sm:flex-row sm:items-center sm:justify-between">
      <span>
        <span className="font-semibold text-ink">{place.course}</span>
        {place.batch_starts_text && <span className="text-ink-muted"> · {place.batch_starts_text}</span>}
      </span>
      {place.told_at ? (
        <Link to={`${place.course_route}#enrol`} className={linkClasses}>
          {place.status_text}
        </Link>
      ) : (
        <span className="text-sm font-semibold text-ink-muted">{place.status_text}</span>
      )}
    </li>
  )
}

type MyClassesProps = {
  headingId: string
  batches: readonly StudentBatch[]
  waitlist: readonly WaitlistPlace[]
  /** The private /calendar/<token>.ics; null without classes. */
  calendarPath: string | null
}

/**
 * The dashboard's "My classes" (docs/product.md section 20), first: each batch the
 * student's payment is confirmed in, with its next class and "Join class" (from 15
 * minutes before it starts until it ends; before that, when it opens), its schedule and
 * past classes' recordings, "Attended <n> of <m> classes" and the certificate; "Add to
 * calendar"; and the waitlists they are on. Nothing when there is none of these.
 */
export function MyClasses({ headingId, batches, waitlist, calendarPath }: MyClassesProps) {
  if (batches.length === 0 && waitlist.length === 0) return null
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="flex max-w-2xl flex-col gap-2">
          <h2 id={headingId} className="text-title font-bold text-ink">
            My classes
          </h2>
          <p className="text-lg text-ink-muted">Your live classes, India time. Join class opens 15 minutes before each starts.</p>
        </div>
        {calendarPath && (
          <a href={calendarPath} className={buttonClasses('secondary', 'md', 'w-full sm:w-auto')}>
            <CalendarPlus className="size-4" aria-hidden="true" width={16} height={16} />
            Add to calendar
          </a>
        )}
      </div>
      {batches.length > 0 && (
        <ul className="flex flex-col gap-5">
          {batches.map((batch) => (
            <BatchCard key={batch.reference} batch={batch} />
          ))}
        </ul>
      )}
      {calendarPath && (
        <p className="text-sm text-ink-muted">
          Add to calendar gives your private calendar address: subscribe to it in Google Calendar, Apple Calendar or
          Outlook, and moved or cancelled classes follow. Keep it to yourself.
        </p>
      )}
      {waitlist.length > 0 && (
        <div className="flex flex-col gap-3">
          <h3 className="text-lg font-bold text-ink">Waitlists</h3>
          <ul className="flex flex-col gap-3">
            {waitlist.map((place) => (
              <WaitlistItem key={`${place.course_route}:${place.created_at}`} place={place} />
            ))}
          </ul>
        </div>
      )}
    </section>
  )
}
