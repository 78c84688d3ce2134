import { useEffect, useRef, useState, type MouseEvent, type ReactNode } from 'react'
import { useLocation, useNavigation } from 'react-router'

type ShellProps = {
  header: ReactNode
  footer: ReactNode
  children: ReactNode
}

export const MAIN_ID = 'main'

/**
 * After a client-side navigation, move focus to the new page's main heading (or to
 * <main>), so screen-reader users hear where they are and keyboard users start from the
 * top of the content. The first render is left alone: the browser handles page loads.
 */
function useFocusOnNavigation() {
  const { pathname } = useLocation()
  const previous = useRef(pathname)

  useEffect(() => {
    if (previous.current === pathname) return
    previous.current = pathname
    const main = document.getElementById(MAIN_ID)
    const heading = main?.querySelector<HTMLElement>('h1')
    const target = heading ?? main
    if (!target) return
    if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1')
    target.focus({ preventScroll: true })
  }, [pathname])
}

/**
 * Every navigation is pending for a moment, even to a page whose code is already here; the
 * bar waits this long so that those do not flash it.
 */
const PROGRESS_DELAY_MS = 100

/** A thin bar while the next page's code loads — on slow networks it matters. */
function NavigationProgress() {
  return useNavigation().state === 'idle' ? null : <ProgressBar />
}

function ProgressBar() {
  const [shown, setShown] = useState(false)
  useEffect(() => {
    const timer = setTimeout(() => setShown(true), PROGRESS_DELAY_MS)
    return () => clearTimeout(timer)
  }, [])
  if (!shown) return null
  return (
    <div className="fixed inset-x-0 top-0 z-50 h-1 overflow-hidden bg-brand-100" role="progressbar" aria-label="Loading page">
      <div className="h-full w-1/3 animate-[progress_1.2s_ease-in-out_infinite] bg-accent-500 motion-reduce:w-full motion-reduce:animate-none" />
    </div>
  )
}

/**
 * Move focus to <main> ourselves: browsers only move the focus *starting point* on a
 * fragment link, and the router's history handling of the hash can race with it.
 */
function skipToContent(event: MouseEvent<HTMLAnchorElement>) {
  const main = document.getElementById(MAIN_ID)
  if (!main) return
  event.preventDefault()
  main.focus({ preventScroll: true })
  main.scrollIntoView()
}

export function Shell({ header, footer, children }: ShellProps) {
  useFocusOnNavigation()
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href={`#${MAIN_ID}`}
        onClick={skipToContent}
        className="sr-only z-50 rounded-control bg-brand-800 px-4 py-3 font-semibold text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <NavigationProgress />
      {header}
      {/* At least a screen tall below the header (h-16): the footer starts below the fold on
          every page, so it does not jump up when a short page (login) replaces the
          screen-tall loading placeholder. */}
      <main id={MAIN_ID} tabIndex={-1} className="min-h-[calc(100dvh-4rem)] flex-1">
        {children}
      </main>
      {footer}
    </div>
  )
}
