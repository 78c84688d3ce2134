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
  /** The board's `next_change_at`; undefined when there is no board. */
  nextChangeAt: string | undefined
  /**
   * The server's clock when it answered (ms; null when it did not say). A new value (or
   * a new `answer`) means a new answer arrived: the timer is armed again.
   */
  serverTime: number | null
  /** The latest answer itself: each new one re-arms the timer. */
  answer: unknown
  /** Asks the server again (the page's loader: stable across renders). */
  refresh: () => void
}

/**
 * Keeps an open board current without reload: ONE timer set to the server's next change
 * (re-armed after every answer), and a refresh when the visitor comes back to the tab or
 * window. The server's clock is the one that counts: how far it is ahead of this
 * browser's is measured as each answer arrives. If the server still names the instant we
 * woke up for (a clock far off, say), the next wake-ups back off instead of asking every
 * second.
 */
export function useBoardRefresh({ nextChangeAt, serverTime, answer, refresh }: BoardRefreshOptions) {
  const woke = useRef<{ at: string; times: number }>({ at: '', times: 0 })
  const clock = useRef<{ answer: unknown; offsetMs: number } | undefined>(undefined)

  useEffect(() => {
    // Measured once per answer, as it arrives: this effect runs right after it renders.
    const last = clock.current
    const measured = last && last.answer === answer ? last : { answer, offsetMs: serverTime === null ? 0 : serverTime - Date.now() }
    clock.current = measured
    if (!nextChangeAt) return
    let delay = refreshDelay(nextChangeAt, measured.offsetMs)
    const previous = woke.current
    if (previous.at === nextChangeAt && previous.times > 0) {
      delay = Math.max(delay, Math.min(MIN_REFRESH_DELAY_MS * 2 ** previous.times, MAX_BACKOFF_MS))
    }
    const timer = window.setTimeout(() => {
      woke.current = { at: nextChangeAt, times: woke.current.at === nextChangeAt ? woke.current.times + 1 : 1 }
      refresh()
    }, delay)
    return () => window.clearTimeout(timer)
  }, [nextChangeAt, serverTime, answer, refresh])

  useEffect(() => {
    const onVisibility = () => {
      if (document.visibilityState === 'visible') refresh()
    }
    window.addEventListener('focus', refresh)
    document.addEventListener('visibilitychange', onVisibility)
    return () => {
      window.removeEventListener('focus', refresh)
      document.removeEventListener('visibilitychange', onVisibility)
    }
  }, [refresh])
}
