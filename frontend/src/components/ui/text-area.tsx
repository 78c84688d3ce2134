import type { ComponentProps } from 'react'

import { Field } from '@/components/ui/field'
import { controlClasses, describedBy, type FieldProps } from '@/components/ui/field-props'
import { cn } from '@/lib/cn'

type TextAreaProps = FieldProps & Omit<ComponentProps<'textarea'>, 'id'>

export function TextArea({ id, label, error, hint, required, className, rows = 5, ...props }: TextAreaProps) {
  return (
    <Field id={id} label={label} error={error} hint={hint} required={required} className={className}>
      <textarea
        id={id}
        rows={rows}
        className={cn(controlClasses, 'min-h-32 resize-y')}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, { error, hint })}
        {...props}
      />
    </Field>
  )
}
