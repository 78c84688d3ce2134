import { RefreshCw } from 'lucide-react'

import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { ApiError } from '@/lib/api-client'

/**
 * A part of the rewards section that could not load, with a way to ask again. (The
 * catalogue's LoadError does the same for whole pages; features do not share components.)
 */
export function SectionLoadError({ title, error, onRetry }: { title: string; error: unknown; onRetry: () => void }) {
  const offline = error instanceof ApiError && error.status === 0
  return (
    <div role="alert">
      <Alert tone="error" title={title}>
        <p>{offline ? 'Check your internet connection and try again.' : 'Please try again in a moment.'}</p>
        <Button variant="secondary" className="mt-3" onClick={onRetry}>
          <RefreshCw className="size-4" aria-hidden="true" width={16} height={16} />
          Try again
        </Button>
      </Alert>
    </div>
  )
}

export const pulse = 'animate-pulse rounded bg-slate-200 motion-reduce:animate-none'
