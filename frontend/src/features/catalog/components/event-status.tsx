import { cn } from '@/lib/cn'

/** "Upcoming" or "Ended", as the server decided by today's date in India. */
export function EventStatus({ status, className }: { status: string; className?: string }) {
  return (
    <span
      className={cn(
        'inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold',
        status === 'upcoming' ? 'bg-success-bg text-success' : 'bg-slate-200 text-slate-700',
        className,
      )}
    >
      {status === 'upcoming' ? 'Upcoming' : 'Ended'}
    </span>
  )
}
