import { Alert } from '@/components/ui/alert'
import { RetryButton } from '@/components/ui/retry-button'
import { ApiError } from '@/lib/api-client'
import { cn } from '@/lib/cn'

/** The grey, pulsing block of a placeholder (still when the visitor asked for less motion). */
export const pulse = 'animate-pulse rounded bg-slate-200 motion-reduce:animate-none'

type LoadErrorProps = {
  /** What could not be loaded: "the courses". */
  what: string
  error?: unknown
  onRetry?: () => void
  className?: string
}

/** A failed request: what is missing, why (when the server said), and a way to try again. */
export function LoadError({ what, error, onRetry, className }: LoadErrorProps) {
  if (error instanceof ApiError && error.status === 404) {
    return (
      <div role="alert" className={className}>
        <Alert tone="info" title={`We could not find ${what}.`}>
          <p>It may have been removed or renamed. Please check back later.</p>
        </Alert>
      </div>
    )
  }
  const detail = error instanceof ApiError && error.status === 0 ? ' Check your internet connection.' : ''
  return (
    <div role="alert" className={className}>
      <Alert tone="error" title={`We could not load ${what}.`}>
        <p>Please try again in a moment.{detail}</p>
        {onRetry && <RetryButton onRetry={onRetry} className="mt-3" />}
      </Alert>
    </div>
  )
}

/** Grey cards in the shape of the real ones while a list loads; announced once. */
export function CardGridSkeleton({ count = 3, label, className }: { count?: number; label: string; className?: string }) {
  return (
    <div aria-busy="true" className={className}>
      <p className="sr-only" role="status">
        {label}
      </p>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 lg:gap-6" aria-hidden="true">
        {Array.from({ length: count }, (_, index) => (
          <li key={index} className="flex flex-col gap-3 rounded-card border border-line bg-white p-6 shadow-card">
            <span className={cn(pulse, 'size-12 rounded-xl')} />
            <span className={cn(pulse, 'h-6 w-2/3')} />
            <span className={cn(pulse, 'h-4 w-full bg-slate-100')} />
            <span className={cn(pulse, 'h-4 w-5/6 bg-slate-100')} />
            <span className={cn(pulse, 'mt-2 h-11 w-32 rounded-control')} />
          </li>
        ))}
      </ul>
    </div>
  )
}

/** Lines of grey text while a page's body loads. */
export function TextSkeleton({ lines = 6, label, className }: { lines?: number; label: string; className?: string }) {
  return (
    <div aria-busy="true" className={cn('flex flex-col gap-3', className)}>
      <p className="sr-only" role="status">
        {label}
      </p>
      {Array.from({ length: lines }, (_, index) => (
        <span key={index} aria-hidden="true" className={cn(pulse, 'h-4 bg-slate-100', index % 3 === 2 ? 'w-2/3' : 'w-full')} />
      ))}
    </div>
  )
}
