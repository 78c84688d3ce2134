import { createContext, useContext } from 'react'

/**
 * True from the moment a navigation starts until its page is on screen: in between the old
 * page stays up (the navigation is a React transition) while the next page's code loads.
 * The app's router provides it (src/app/router.tsx); outside it, nothing is ever pending.
 */
export const NavigationPendingContext = createContext(false)

export function useNavigationPending(): boolean {
  return useContext(NavigationPendingContext)
}
