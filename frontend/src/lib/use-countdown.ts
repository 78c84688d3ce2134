import { useEffect, useState } from 'react'

/**
 * Whole seconds left until `until` (milliseconds since the epoch), ticking once a second,
 * and 0 once it has passed. It is 0 on the server and in the first render in the browser
 * (a page without JavaScript never counts down), then counts from the clock. The clock is
 * read again for each new `until`: until then it is 0 too, never counted from a time read
 * for an earlier one (which would say too many seconds, e.g. 61 just after a new code).
 */
export function useCountdown(until: number | undefined): number {
  const [clock, setClock] = useState<{ until: number; now: number } | null>(null)
  useEffect(() => {
    if (until === undefined) return
    const tick = () => {
      const time = Date.now()
      setClock({ until, now: time })
      if (time >= until) window.clearInterval(timer)
    }
    const timer = window.setInterval(tick, 1000)
    const first = window.setTimeout(tick, 0)
    return () => {
      window.clearTimeout(first)
      window.clearInterval(timer)
    }
  }, [until])
  if (until === undefined || clock === null || clock.until !== until) return 0
  return Math.max(0, Math.ceil((until - clock.now) / 1000))
}
