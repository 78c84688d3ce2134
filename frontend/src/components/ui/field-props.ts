export const controlClasses =
  'block w-full rounded-control border border-slate-400 bg-white px-3.5 py-2.5 text-base text-ink ' +
  'placeholder:text-slate-500 shadow-xs transition-colors ' +
  'focus:border-brand-600 focus:outline-3 focus:outline-offset-0 focus:outline-brand-200 ' +
  'aria-invalid:border-danger aria-invalid:focus:outline-red-200 disabled:bg-surface-muted'

export type FieldProps = {
  id: string
  label: string
  error?: string
  hint?: string
  required?: boolean
  className?: string
}

export function describedBy(id: string, { error, hint }: Pick<FieldProps, 'error' | 'hint'>): string | undefined {
  const ids = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean)
  return ids.length ? ids.join(' ') : undefined
}
