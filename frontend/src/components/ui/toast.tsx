import { CircleAlert, CircleCheck } from 'lucide-react'

import { cn } from '@/lib/cn'

export type ToastMessage = {
  /** Changes for every new message, so the same words are announced again. */
  id: number
  text: string
  tone?: 'success' | 'error'
}

/**
 * A short message floating at the bottom of the screen. The live region is always in the
 * page (so screen readers are listening before a message arrives); whoever owns the
 * message clears it after a few seconds.
 */
export function Toast({ message }: { message?: ToastMessage }) {
  const tone = message?.tone ?? 'success'
  const Icon = tone === 'success' ? CircleCheck : CircleAlert
  return (
    <div
      role="status"
      aria-live="polite"
      aria-atomic="true"
      className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex justify-center px-4 sm:bottom-6"
    >
      {message && (
        <p
          key={message.id}
          className={cn(
            'pointer-events-auto flex max-w-md items-center gap-2.5 rounded-control px-4 py-3 text-sm font-semibold text-white shadow-lg ring-1 ring-white/25',
            tone === 'success' ? 'bg-brand-950' : 'bg-danger',
          )}
        >
          <Icon className={cn('size-5 shrink-0', tone === 'success' && 'text-green-400')} aria-hidden="true" width={20} height={20} />
          {message.text}
        </p>
      )}
    </div>
  )
}
