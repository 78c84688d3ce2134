import { Form } from 'react-router'

import { Button } from '@/components/ui/button'
import { useCountdown } from '@/lib/use-countdown'

type ResendCodeProps = {
  id: string
  /** The form's intent (the route's action reads it). */
  intent: string
  phone: string
  /** When a new code may be asked for (ms since the epoch); the button waits until then. */
  until?: number
  pending?: boolean
  /** The last answer: "We sent a new code…" or the refusal ("…in 42 seconds."). */
  message?: { tone: 'success' | 'error'; text: string }
}

/**
 * "Resend code": with JavaScript it stays disabled, counting down, until a new code may be
 * asked for; without it the server's refusal says how many seconds are left.
 */
export function ResendCode({ id, intent, phone, until, pending = false, message }: ResendCodeProps) {
  const left = useCountdown(until)
  const waiting = left > 0
  // While the countdown runs it says what a refusal would (the page without JavaScript shows the refusal).
  const shown = waiting && message?.tone === 'error' ? undefined : message
  const described = [waiting && `${id}-wait`, shown && `${id}-message`].filter(Boolean).join(' ') || undefined
  return (
    <Form method="post" noValidate className="flex flex-col gap-2">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="phone" value={phone} />
      <Button type="submit" variant="secondary" pending={pending} disabled={waiting} aria-describedby={described} className="w-full sm:w-auto">
        Resend code
      </Button>
      {waiting && (
        <p id={`${id}-wait`} className="text-sm text-ink-muted">
          You can ask for a new code in {left} {left === 1 ? 'second' : 'seconds'}.
        </p>
      )}
      <div role="status" aria-live="polite" className="empty:hidden">
        {shown && (
          <p id={`${id}-message`} className={shown.tone === 'error' ? 'text-sm font-medium text-danger' : 'text-sm font-medium text-success'}>
            {shown.text}
          </p>
        )}
      </div>
    </Form>
  )
}
