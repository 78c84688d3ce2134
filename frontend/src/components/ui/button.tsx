import type { ComponentProps } from 'react'

import { buttonClasses, type ButtonSize, type ButtonVariant } from '@/components/ui/button-styles'
import { Spinner } from '@/components/ui/spinner'

type ButtonProps = ComponentProps<'button'> & {
  variant?: ButtonVariant
  size?: ButtonSize
  /** Shows a spinner and disables the button; the label stays so the name does not change. */
  pending?: boolean
}

export function Button({ variant, size, pending = false, disabled, className, children, type = 'button', ...props }: ButtonProps) {
  return (
    <button
      type={type}
      className={buttonClasses(variant, size, className)}
      disabled={disabled || pending}
      aria-busy={pending || undefined}
      {...props}
    >
      {pending && <Spinner className="size-4" />}
      {children}
    </button>
  )
}
