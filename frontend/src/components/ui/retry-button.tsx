import { RefreshCw } from 'lucide-react'
import type { ReactNode } from 'react'
import { useLocation } from 'react-router'

import { Button } from '@/components/ui/button'
import { buttonClasses, type ButtonSize, type ButtonVariant } from '@/components/ui/button-styles'
import { useHydrated } from '@/lib/use-hydrated'

type RetryButtonProps = {
  /** Tries again in place (a refetch) once the page's JavaScript runs. */
  onRetry: () => void
  pending?: boolean
  variant?: ButtonVariant
  size?: ButtonSize
  className?: string
  children?: ReactNode
}

/**
 * "Try again": with JavaScript, a button that retries in place; without it (the page as
 * the server rendered it), a link that loads the same address again, which asks the
 * server afresh.
 */
export function RetryButton({ onRetry, pending = false, variant = 'secondary', size, className, children = 'Try again' }: RetryButtonProps) {
  const hydrated = useHydrated()
  const location = useLocation()
  const icon = <RefreshCw className="size-4" aria-hidden="true" width={16} height={16} />
  if (!hydrated) {
    return (
      <a href={`${location.pathname}${location.search}${location.hash}`} className={buttonClasses(variant, size, className)}>
        {icon}
        {children}
      </a>
    )
  }
  return (
    <Button variant={variant} size={size} className={className} onClick={onRetry} pending={pending}>
      {!pending && icon}
      {children}
    </Button>
  )
}
