import { cn } from '@/lib/cn'

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost' | 'inverse' | 'inverse-outline'
export type ButtonSize = 'md' | 'lg'

const base =
  'inline-flex items-center justify-center gap-2 rounded-control font-semibold no-underline transition-colors ' +
  'disabled:cursor-not-allowed disabled:opacity-60 aria-disabled:cursor-not-allowed aria-disabled:opacity-60 ' +
  'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-500'

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-brand-700 text-white hover:bg-brand-800 active:bg-brand-900',
  secondary: 'border border-brand-700 bg-white text-brand-800 hover:bg-brand-50',
  danger: 'bg-danger text-white hover:bg-red-800 active:bg-red-900',
  ghost: 'text-brand-800 hover:bg-brand-50',
  inverse: 'bg-white text-brand-900 hover:bg-accent-100',
  'inverse-outline': 'border border-white/60 text-white hover:bg-white/10',
}

const sizes: Record<ButtonSize, string> = {
  md: 'min-h-11 px-4 text-sm',
  lg: 'min-h-12 px-6 text-base',
}

export function buttonClasses(variant: ButtonVariant = 'primary', size: ButtonSize = 'md', className?: string) {
  return cn(base, variants[variant], sizes[size], className)
}
