import { href } from 'react-router'
import { Component, type ReactNode } from 'react'

import { LinkButton } from '@/components/ui/link-button'
import { RetryButton } from '@/components/ui/retry-button'
import { RequestReference } from '@/components/ui/request-reference'

/**
 * Most errors here are a page's code failing to download on a flaky connection (or an
 * old tab after a deploy); a reload fixes both, so that is the main action.
 */
export function RouteError() {
  return (
    <div className="container-page flex min-h-[60dvh] flex-col items-start justify-center gap-5 py-16">
      <h1 className="text-title font-bold text-ink" tabIndex={-1}>
        This page could not be loaded
      </h1>
      <p className="max-w-xl text-lg text-ink-muted">Check your internet connection and try again.</p>
      <RequestReference />
      <div className="flex flex-wrap gap-3">
        <RetryButton onRetry={() => window.location.reload()} variant="primary" size="lg" />
        <LinkButton to={href('/')} reloadDocument variant="secondary" size="lg">
          Back to home
        </LinkButton>
      </div>
    </div>
  )
}

/**
 * A post the page would not take (form.server.ts: too large, too many fields, not a form):
 * its status (400, 413, 415) and the sentence saying why, without the reload advice.
 */
export function FormRefused({ message }: { message: string }) {
  return (
    <div className="container-page flex min-h-[60dvh] flex-col items-start justify-center gap-5 py-16">
      <h1 className="text-title font-bold text-ink" tabIndex={-1}>
        This form could not be sent
      </h1>
      <p className="max-w-xl text-lg text-ink-muted" role="alert">
        {message}
      </p>
      <LinkButton to={href('/')} reloadDocument variant="secondary" size="lg">
        Back to home
      </LinkButton>
    </div>
  )
}

type BoundaryProps = {
  /** The boundary starts afresh when this changes: pass the location's key. */
  resetKey: string
  children: ReactNode
}

type BoundaryState = { resetKey: string; failed: boolean }

/**
 * Shows RouteError instead of its children when they throw while rendering, including a
 * lazy page whose code could not be downloaded. React logs the error (console.error). Any
 * navigation clears it, so a visitor can leave the broken page through the header.
 */
export class RouteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  state: BoundaryState = { resetKey: this.props.resetKey, failed: false }

  static getDerivedStateFromError(): Partial<BoundaryState> {
    return { failed: true }
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.resetKey === state.resetKey ? null : { resetKey: props.resetKey, failed: false }
  }

  render() {
    return this.state.failed ? <RouteError /> : this.props.children
  }
}
