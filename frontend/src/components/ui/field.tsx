import type { ReactNode } from 'react'

import type { FieldProps } from '@/components/ui/field-props'
import { cn } from '@/lib/cn'

/** Label, hint and error around one control, wired with ids. */
export function Field({ id, label, error, hint, required, className, children }: FieldProps & { children: ReactNode }) {
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-semibold text-ink">
        {label}
        {required && (
          <span className="text-danger" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="text-sm text-ink-muted">
          {hint}
        </p>
      )}
      {children}
      {error && (
        <p id={`${id}-error`} className="flex items-start gap-1.5 text-sm font-medium text-danger">
          <svg viewBox="0 0 20 20" width="16" height="16" className="mt-0.5 shrink-0" fill="currentColor" aria-hidden="true">
            <path d="M10 1.5a8.5 8.5 0 1 0 0 17 8.5 8.5 0 0 0 0-17Zm-.9 4.5h1.8v5.5H9.1V6Zm.9 9a1.1 1.1 0 1 1 0-2.2 1.1 1.1 0 0 1 0 2.2Z" />
          </svg>
          <span>{error}</span>
        </p>
      )}
    </div>
  )
}
