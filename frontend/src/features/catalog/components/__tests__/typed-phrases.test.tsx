import { act, render, screen } from '@testing-library/react'
import { renderToString } from 'react-dom/server'
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

  it('renders the first phrase whole before any timer runs (the server HTML reads as a sentence)', () => {
    mockReducedMotion(false)
    const html = renderToString(<TypedPhrases phrases={phrases} prefix="We do" />)
    const container = document.createElement('div')
    container.innerHTML = html
    expect(container.querySelector('[data-testid="typed-phrases-animated"]')).toHaveTextContent(/^We do Web development$/)
  })

  it('types one character every 50 ms, hidden from screen readers behind a static sentence', () => {
    mockReducedMotion(false)
    vi.useFakeTimers()
    render(<TypedPhrases phrases={phrases} prefix="We do" typeMs={50} deleteMs={10} pauseMs={100} />)
    const animated = screen.getByTestId('typed-phrases-animated')
    expect(animated).toHaveAttribute('aria-hidden', 'true')
    expect(screen.getByText('We do: Web development, IoT.')).toHaveClass('sr-only')
    expect(animated).toHaveTextContent(/^We do Web development$/)

    // pause on the whole first phrase, delete its 15 characters, short gap, then type
    elapse(100 + 10 * 15 + 50 * 4)
    expect(animated).toHaveTextContent(/^We do$/)
    elapse(50 * 2)
    expect(animated).toHaveTextContent(/^We do Io$/)
  })

  it('deletes the phrase after a pause and moves to the next', () => {
    mockReducedMotion(false)
    vi.useFakeTimers()
    render(<TypedPhrases phrases={phrases} prefix="We do" typeMs={10} deleteMs={10} pauseMs={100} />)
    const animated = screen.getByTestId('typed-phrases-animated')
    // pause, delete 15 chars, short gap, type "IoT"
    elapse(100 + 10 * 15 + 40 + 10 * 3)
    expect(animated).toHaveTextContent(/^We do IoT$/)
  })
})
