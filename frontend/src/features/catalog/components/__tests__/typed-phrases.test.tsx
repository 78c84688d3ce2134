import { act, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { TypedPhrases } from '@/features/catalog/components/typed-phrases'

function mockReducedMotion(reduce: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: reduce && query.includes('prefers-reduced-motion'),
      media: query,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    })),
  )
}

const phrases = ['Web development', 'IoT']

/** Advance the clock in small steps, letting React re-render (and re-arm the timer) between. */
function elapse(ms: number, step = 10) {
  for (let t = 0; t < ms; t += step) act(() => vi.advanceTimersByTime(step))
}

describe('TypedPhrases', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('shows every phrase as static text when the visitor prefers reduced motion', () => {
    mockReducedMotion(true)
    vi.useFakeTimers()
    render(<TypedPhrases phrases={phrases} prefix="We do" />)
    const text = screen.getByTestId('typed-phrases-static')
    expect(text).toHaveTextContent('We do: Web development · IoT')
    expect(screen.queryByTestId('typed-phrases-animated')).not.toBeInTheDocument()
    expect(vi.getTimerCount()).toBe(0)
  })

  it('types one character every 50 ms, hidden from screen readers behind a static sentence', () => {
    mockReducedMotion(false)
    vi.useFakeTimers()
    render(<TypedPhrases phrases={phrases} prefix="We do" />)
    const animated = screen.getByTestId('typed-phrases-animated')
    expect(animated).toHaveAttribute('aria-hidden', 'true')
    expect(screen.getByText('We do: Web development, IoT.')).toHaveClass('sr-only')

    elapse(50 * 3)
    expect(animated).toHaveTextContent(/^We do Web$/)
    elapse(50 * 12)
    expect(animated).toHaveTextContent(/^We do Web development$/)
  })

  it('deletes the phrase after a pause and moves to the next', () => {
    mockReducedMotion(false)
    vi.useFakeTimers()
    render(<TypedPhrases phrases={phrases} prefix="We do" typeMs={10} deleteMs={10} pauseMs={100} />)
    const animated = screen.getByTestId('typed-phrases-animated')
    // type 15 chars, pause, delete 15 chars, short gap, type "IoT"
    elapse(10 * 15 + 100 + 10 * 15 + 40 + 10 * 3)
    expect(animated).toHaveTextContent(/^We do IoT$/)
  })
})
