import { Link, type LinkProps } from 'react-router'

import { buttonClasses, type ButtonSize, type ButtonVariant } from '@/components/ui/button-styles'

type LinkButtonProps = LinkProps & { variant?: ButtonVariant; size?: ButtonSize }

/** A link that looks like a button: it navigates, so it stays an <a>. */
export function LinkButton({ variant, size, className, ...props }: LinkButtonProps) {
  return <Link className={buttonClasses(variant, size, className)} {...props} />
}
