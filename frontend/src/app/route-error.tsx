import { RefreshCw } from 'lucide-react'
import { isRouteErrorResponse, useRouteError } from 'react-router'

import { Button } from '@/components/ui/button'
import { LinkButton } from '@/components/ui/link-button'
import { links } from '@/config/paths'

/**
 * Most errors here are a page's code failing to download on a flaky connection (or an
 * old tab after a deploy); a reload fixes both, so that is the main action.
 */
export function RouteError() {
  const error = useRouteError()
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : undefined
  return (
    <div className="container-page flex min-h-[60dvh] flex-col items-start justify-center gap-5 py-16">
      <h1 className="text-title font-bold text-ink" tabIndex={-1}>
        This page could not be loaded
      </h1>
      <p className="max-w-xl text-lg text-ink-muted">
        Check your internet connection and try again. {detail && <span className="text-sm">({detail})</span>}
      </p>
      <div className="flex flex-wrap gap-3">
        <Button onClick={() => window.location.reload()} size="lg">
          <RefreshCw className="size-5" aria-hidden="true" width={20} height={20} />
          Try again
        </Button>
        <LinkButton to={links.home} reloadDocument variant="secondary" size="lg">
          Back to home
        </LinkButton>
      </div>
    </div>
  )
}
