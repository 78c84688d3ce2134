import { useEffect, useRef } from 'react'

export const MIN_REFRESH_DELAY_MS = 1000
export const MAX_REFRESH_DELAY_MS = 24 * 60 * 60 * 1000
const MAX_BACKOFF_MS = 5 * 60 * 1000

/**
 * Milliseconds until the server's next change, by the server's clock (the browser's
 * clock plus the measured offset), kept between one second and one day: a timer longer
 * than a day is re-armed by the refetch anyway, and a change already due is fetched soon.
 */
export function refreshDelay(nextChangeAt: string, serverOffsetMs: number, now: number = Date.now()): number {
  const at = Date.parse(nextChangeAt)
  if (Number.isNaN(at)) return MAX_REFRESH_DELAY_MS
  return Math.min(MAX_REFRESH_DELAY_MS, Math.max(MIN_REFRESH_DELAY_MS, at - (now + serverOffsetMs)))
}

type BoardRefreshOptions = {
  /** The board's `next_change_at`; undefined until it has loaded. */
  nextChangeAt: string | undefined
  serverOffsetMs: number
  /** When the data last arrived: each refetch re-arms the timer. */
  updatedAt: number
  /** The query's refetch (stable across renders). */
  refetch: (options?: { cancelRefetch?: boolean }) => Promise<unknown>
}

/**
 * Keeps an open board current without reload: ONE timer set to the server's next change
 * (re-armed after every fetch), and a refetch when the visitor comes back to the tab or
 * window. If the server still names the instant we woke up for (a clock far off, say),
 * the next wake-ups back off instead of asking every second.
 */
export function useBoardRefresh({ nextChangeAt, serverOffsetMs, updatedAt, refetch }: BoardRefreshOptions) {
  const woke = useRef<{ at: string; times: number }>({ at: '', times: 0 })

  useEffect(() => {
    if (!nextChangeAt) return
    let delay = refreshDelay(nextChangeAt, serverOffsetMs)
    const previous = woke.current
    if (previous.at === nextChangeAt && previous.times > 0) {
      delay = Math.max(delay, Math.min(MIN_REFRESH_DELAY_MS * 2 ** previous.times, MAX_BACKOFF_MS))
    }
    const timer = window.setTimeout(() => {
      woke.current = { at: nextChangeAt, times: woke.current.at === nextChangeAt ? woke.current.times + 1 : 1 }
      void refetch()
    }, delay)
    return () => window.clearTimeout(timer)
  }, [nextChangeAt, serverOffsetMs, updatedAt, refetch])

  useEffect(() => {
    // Focus and visibilitychange often come together: join a fetch already running.
    const onFocus = () => void refetch({ cancelRefetch: false })
    const onVisibility = () => {
      if (document.visibilityState === 'visible') onFocus()
    }
    window.addEventListener('focus', onFocus)
    document.addEventListener('visibilitychange', onVisibility)
    return () => {
      window.removeEventListener('focus', onFocus)
      document.removeEventListener('visibilitychange', onVisibility)
    }
  }, [refetch])
}
