import type { ComponentProps } from 'react'

import { Field } from '@/components/ui/field'
import { controlClasses, describedBy, type FieldProps } from '@/components/ui/field-props'

type TextFieldProps = FieldProps & Omit<ComponentProps<'input'>, 'id'>

export function TextField({ id, label, error, hint, required, className, ...props }: TextFieldProps) {
  return (
    <Field id={id} label={label} error={error} hint={hint} required={required} className={className}>
      <input
        id={id}
        className={controlClasses}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, { error, hint })}
        {...props}
      />
    </Field>
  )
}
