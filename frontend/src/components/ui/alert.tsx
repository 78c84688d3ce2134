import { CircleAlert, CircleCheck, Info } from 'lucide-react'
import type { ReactNode } from 'react'

import { cn } from '@/lib/cn'

type AlertTone = 'error' | 'success' | 'info'

const tones: Record<AlertTone, { box: string; Icon: typeof Info }> = {
  error: { box: 'border-red-200 bg-danger-bg text-danger', Icon: CircleAlert },
  success: { box: 'border-green-200 bg-success-bg text-success', Icon: CircleCheck },
  info: { box: 'border-brand-200 bg-brand-50 text-brand-900', Icon: Info },
}

type AlertProps = {
  tone?: AlertTone
  title?: string
  children: ReactNode
  className?: string
}

/**
 * A message box. It is not itself a live region: put it inside one (role="alert" or
 * role="status" container that is always rendered) so screen readers announce changes.
 */
export function Alert({ tone = 'info', title, children, className }: AlertProps) {
  const { box, Icon } = tones[tone]
  return (
    <div className={cn('flex gap-3 rounded-control border p-4 text-sm', box, className)}>
      <Icon className="mt-0.5 size-5 shrink-0" aria-hidden="true" width={20} height={20} />
      <div className="flex flex-col gap-1">
        {title && <p className="font-semibold">{title}</p>}
        <div>{children}</div>
      </div>
    </div>
  )
}
