import { useEffect, useReducer } from 'react'

import { cn } from '@/lib/cn'
import { usePrefersReducedMotion } from '@/lib/use-reduced-motion'

type TypedPhrasesProps = {
  phrases: readonly string[]
  /** Read before the phrases: "We do" + "Web development". */
  prefix: string
  typeMs?: number
  deleteMs?: number
  pauseMs?: number
  className?: string
}

type State = { index: number; length: number; deleting: boolean }
type Action = { type: 'tick'; phrases: readonly string[] }

function step(state: State, { phrases }: Action): State {
  const phrase = phrases[state.index % phrases.length] ?? ''
  if (!state.deleting) {
    return state.length < phrase.length ? { ...state, length: state.length + 1 } : { ...state, deleting: true }
  }
  if (state.length > 0) return { ...state, length: state.length - 1 }
  return { index: (state.index + 1) % phrases.length, length: 0, deleting: false }
}

/**
 * Shows the first phrase whole, pauses, deletes it, then types each next phrase one
 * character every `typeMs`, pauses, deletes it, moves on. The moving
 * text is aria-hidden and a visually hidden sentence lists every phrase once, so screen
 * readers are not flooded with updates. With reduced motion the phrases are plain text.
 */
export function TypedPhrases({ phrases, prefix, typeMs = 50, deleteMs = 30, pauseMs = 1600, className }: TypedPhrasesProps) {
  const reducedMotion = usePrefersReducedMotion()
  // The first phrase starts whole: the server's HTML (read without JavaScript, and until the
  // scripts run) shows a complete sentence; the animation pauses on it, then moves on.
  const [state, dispatch] = useReducer(step, phrases, (initial): State => ({ index: 0, length: initial[0]?.length ?? 0, deleting: false }))
  const phrase = phrases[state.index % Math.max(phrases.length, 1)] ?? ''
  const animate = !reducedMotion && phrases.length > 0

  useEffect(() => {
    if (!animate) return
    const full = !state.deleting && state.length === phrase.length
    const empty = state.deleting && state.length === 0
    const delay = full ? pauseMs : empty ? typeMs * 4 : state.deleting ? deleteMs : typeMs
    const timer = window.setTimeout(() => dispatch({ type: 'tick', phrases }), delay)
    return () => window.clearTimeout(timer)
  }, [animate, state, phrase, phrases, typeMs, deleteMs, pauseMs])

  if (phrases.length === 0) return null

  if (!animate) {
    return (
      <p className={cn('text-lg sm:text-xl', className)} data-testid="typed-phrases-static">
        <span className="text-ink-muted">{prefix}: </span>
        <span className="font-semibold text-brand-700">{phrases.join(' · ')}</span>
      </p>
    )
  }

  return (
    <p className={cn('text-lg sm:text-xl', className)}>
      <span className="sr-only">
        {prefix}: {phrases.join(', ')}.
      </span>
      <span aria-hidden="true" data-testid="typed-phrases-animated">
        <span className="text-ink-muted">{prefix} </span>
        <span className="font-semibold text-brand-700">{phrase.slice(0, state.length)}</span>
        <span className="animate-caret ml-0.5 inline-block h-[1.1em] w-0.5 translate-y-[0.15em] bg-accent-500" />
      </span>
    </p>
  )
}
