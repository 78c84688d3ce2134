import { UNSAFE_createBrowserHistory as createBrowserHistory } from 'react-router'

/**
 * The browser history (or, in tests, a memory history) the app's router listens to. React
 * Router's own <BrowserRouter> makes the same object internally, with the same function;
 * we make it ourselves so that <AppRouter> can run each navigation through its own
 * useTransition and know when one is pending. react-router is pinned in package.json: this
 * export is marked UNSAFE_ because it is not part of the documented API.
 */
export type AppHistory = ReturnType<typeof createBrowserHistory>

export function createAppHistory(history: AppHistory = createBrowserHistory({ v5Compat: true })): AppHistory {
  // The first entry of a tab has the key "default" until it is replaced. Scroll positions
  // are saved per key for the whole tab (sessionStorage), so without a key of its own a
  // page opened later in the same tab would be scrolled to where the first one was left.
  if (history.location.key === 'default') {
    const { pathname, search, hash, state } = history.location
    history.replace({ pathname, search, hash }, state)
  }
  return history
}
