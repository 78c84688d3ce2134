import { useEffect, useLayoutEffect } from 'react'
import { useLocation } from 'react-router'

/*
 * What React Router's <ScrollRestoration> does in data-router mode, which declarative mode
 * lacks: a new page starts at the top (or at the #hash element), and back/forward (or a
 * reload) returns to where the reader left that page.
 */

// React Router's own key: positions saved by a tab opened before this change still count.
const STORAGE_KEY = 'react-router-scroll-positions'

/** Last known scroll position of each history entry, by location key. */
let positions: Record<string, number> | undefined

function savedPositions(): Record<string, number> {
  if (!positions) {
    try {
      positions = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, number>
    } catch {
      positions = {}
    }
  }
  return positions
}

function scrollToHash(hash: string): boolean {
  if (!hash) return false
  try {
    const target = document.getElementById(decodeURIComponent(hash.slice(1)))
    target?.scrollIntoView()
    return Boolean(target)
  } catch {
    return false // not a decodable id
  }
}

/**
 * Render it where it mounts with the page (inside the page's <Suspense>): its effects then
 * run once the page is on screen, also on the first load, so the #hash element exists and a
 * restored position is not cut short by the placeholder's height.
 */
export function ScrollRestoration() {
  const { key, hash } = useLocation()

  // We restore positions ourselves, once the page has rendered; the browser would try too early.
  useEffect(() => {
    window.history.scrollRestoration = 'manual'
    return () => {
      window.history.scrollRestoration = 'auto'
    }
  }, [])

  useLayoutEffect(() => {
    // An entry the browser made itself (a plain #fragment link) has no key of its own
    // ("default"): nothing is saved under it, so one such entry never gets another's position.
    const keyed = key !== 'default'
    // A saved position exists only for an entry shown before: back/forward, or a reload.
    const saved = keyed ? savedPositions()[key] : undefined
    if (typeof saved === 'number') window.scrollTo(0, saved)
    else if (!scrollToHash(hash)) window.scrollTo(0, 0)

    // Kept up to date while this entry is shown, so nothing has to be read at the moment of
    // leaving (by then the next page may already be in place). A layout effect, so that
    // the listener changes entry in the same commit that changes the page.
    const remember = () => {
      if (keyed) savedPositions()[key] = window.scrollY
    }
    const persist = () => {
      remember()
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify(savedPositions()))
      } catch {
        // Storage full or disabled: back/forward within this page load still works.
      }
      // Leaving the app: let the browser restore positions for other pages in the tab.
      window.history.scrollRestoration = 'auto'
    }
    window.addEventListener('scroll', remember, { passive: true })
    window.addEventListener('pagehide', persist)
    return () => {
      window.removeEventListener('scroll', remember)
      window.removeEventListener('pagehide', persist)
    }
  }, [key, hash])

  return null
}
