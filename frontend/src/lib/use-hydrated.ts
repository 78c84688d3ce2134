import { useSyncExternalStore } from 'react'

function subscribe(): () => void {
  return () => {}
}

/**
 * False while the server renders the page (and while the browser hydrates it), true once
 * the page's JavaScript runs. Controls that only work with JavaScript (show password,
 * copy to the clipboard, retry a request in place) render only then, so a page read
 * without JavaScript never offers a button that does nothing.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  )
}
