import { act, renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import type { FormFailure } from '@/lib/form-result'
import { useCountdown } from '@/lib/use-countdown'
import { useResendUntil } from '@/lib/use-resend-until'

// 2026-03-01 10:00:00 UTC: the clock every test here starts from.
const NOW = Date.UTC(2026, 2, 1, 10, 0, 0)

function tooSoon(retryAfter: number, answeredAt: number): FormFailure {
  return { ok: false, intent: 'resend', status: 429, message: 'Too soon.', fields: {}, retryAfter, answeredAt, extra: {}, values: {} }
}

/** The code step's clock: when Resend code may be pressed, and the seconds left until then. */
function useResendClock(resendAt: number | undefined, answers: Parameters<typeof useResendUntil>[1]) {
  const until = useResendUntil(resendAt, answers)
  return { until, left: useCountdown(until) }
}

describe('the resend countdown', () => {
  beforeEach(() => {
    vi.useFakeTimers()
    vi.setSystemTime(NOW)
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('counts down once a second from the address’s time to 0, then stops', () => {
    const { result } = renderHook(() => useResendClock(NOW / 1000 + 3, { result: undefined }))
    // 0 in the first render (as on the server), then the clock's value.
    expect(result.current.left).toBe(0)
    act(() => vi.advanceTimersByTime(0))
    expect(result.current.left).toBe(3)
    act(() => vi.advanceTimersByTime(1000))
    expect(result.current.left).toBe(2)
    act(() => vi.advanceTimersByTime(2000))
    expect(result.current.left).toBe(0)
    expect(vi.getTimerCount()).toBe(0)
  })

  it('has nothing to count without a time', () => {
    const { result } = renderHook(() => useResendClock(undefined, { result: undefined }))
    act(() => vi.advanceTimersByTime(1000))
    expect(result.current).toEqual({ until: undefined, left: 0 })
    expect(vi.getTimerCount()).toBe(0)
  })

  it('starts again from each answer: a new code sent, or a 429 with its Retry-After', () => {
    let answers: Parameters<typeof useResendUntil>[1] = { result: undefined }
    const { result, rerender } = renderHook(() => useResendClock(NOW / 1000 + 5, answers))
    act(() => vi.advanceTimersByTime(5000))
    expect(result.current.left).toBe(0)

    const sent = { ok: true, resendAfter: 60, sentAt: Date.now() }
    answers = { result: sent, resent: sent }
    rerender()
    act(() => vi.advanceTimersByTime(1000))
    expect(result.current.until).toBe(NOW + 65_000)
    expect(result.current.left).toBe(59)

    const refused = tooSoon(42, Date.now())
    answers = { result: refused, refused }
    rerender()
    act(() => vi.advanceTimersByTime(2000))
    expect(result.current.left).toBe(40)
  })

  it('keeps its time for one answer: other renders do not move it', () => {
    const refused = tooSoon(30, NOW)
    const { result, rerender } = renderHook(({ answeredAt }) => useResendClock(undefined, { result: refused, refused: { ...refused, answeredAt } }), {
      initialProps: { answeredAt: NOW },
    })
    rerender({ answeredAt: NOW + 10_000 })
    expect(result.current.until).toBe(NOW + 30_000)
  })

  it('ignores a refusal that is not a 429', () => {
    const refused = { ...tooSoon(30, NOW), status: 400 }
    const { result } = renderHook(() => useResendClock(NOW / 1000 + 10, { result: refused, refused }))
    expect(result.current.until).toBe(NOW + 10_000)
  })
})
