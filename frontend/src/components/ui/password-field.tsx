import { Eye, EyeOff } from 'lucide-react'
import { useState, type ComponentProps } from 'react'

import { Field } from '@/components/ui/field'
import { controlClasses, describedBy, type FieldProps } from '@/components/ui/field-props'
import { cn } from '@/lib/cn'
import { useHydrated } from '@/lib/use-hydrated'

type PasswordFieldProps = FieldProps & Omit<ComponentProps<'input'>, 'id' | 'type'>

/**
 * A password input with a show/hide toggle. The toggle keeps one name ("Show password")
 * and reports its state with aria-pressed, the pattern screen readers announce best. It
 * needs JavaScript, so it appears once the page's script runs.
 */
export function PasswordField({ id, label, error, hint, required, className, ...props }: PasswordFieldProps) {
  const [visible, setVisible] = useState(false)
  const hydrated = useHydrated()
  const Icon = visible ? EyeOff : Eye
  return (
    <Field id={id} label={label} error={error} hint={hint} required={required} className={className}>
      <div className="relative">
        <input
          id={id}
          type={visible ? 'text' : 'password'}
          className={cn(controlClasses, hydrated && 'pr-12')}
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, { error, hint })}
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          {...props}
        />
        {hydrated && (
        <button
          type="button"
          className="absolute top-1/2 right-1 inline-flex size-10 -translate-y-1/2 items-center justify-center rounded-control text-ink-muted hover:bg-brand-50 hover:text-brand-900"
          aria-label="Show password"
          aria-pressed={visible}
          aria-controls={id}
          onClick={() => setVisible((current) => !current)}
        >
          <Icon className="size-5" aria-hidden="true" width={20} height={20} />
        </button>
        )}
      </div>
    </Field>
  )
}
