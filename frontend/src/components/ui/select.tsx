import type { ComponentProps } from 'react'

import { Field } from '@/components/ui/field'
import { controlClasses, describedBy, type FieldProps } from '@/components/ui/field-props'
import { cn } from '@/lib/cn'

type SelectProps = FieldProps & Omit<ComponentProps<'select'>, 'id'>

export function Select({ id, label, error, hint, required, className, children, ...props }: SelectProps) {
  return (
    <Field id={id} label={label} error={error} hint={hint} required={required} className={className}>
      <div className="relative">
        <select
          id={id}
          className={cn(controlClasses, 'appearance-none pr-10')}
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, { error, hint })}
          {...props}
        >
          {children}
        </select>
        <svg
          viewBox="0 0 20 20"
          width="20"
          height="20"
          className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 text-ink-muted"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          aria-hidden="true"
        >
          <path d="m5 7.5 5 5 5-5" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </div>
    </Field>
  )
}
