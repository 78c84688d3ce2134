import { useEffect, useState } from 'react'

/**
 * Whole seconds left until `until` (milliseconds since the epoch), ticking once a second,
 * and 0 once it has passed. It is 0 on the server and in the first render in the browser
 * (a page without JavaScript never counts down), then counts from the clock.
 */
export function useCountdown(until: number | undefined): number {
  const [now, setNow] = useState<number | null>(null)
  useEffect(() => {
    if (until === undefined) return
    const tick = () => {
      const time = Date.now()
      setNow(time)
      if (time >= until) window.clearInterval(timer)
    }
    const timer = window.setInterval(tick, 1000)
    const first = window.setTimeout(tick, 0)
    return () => {
      window.clearTimeout(first)
      window.clearInterval(timer)
    }
  }, [until])
  if (until === undefined || now === null) return 0
  return Math.max(0, Math.ceil((until - now) / 1000))
}
