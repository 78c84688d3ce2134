/**
 * The dashboard's address for the rewards section, so that it works without JavaScript:
 * `?payout=open` shows the payout form, `?payout=requested` (where the action sends the
 * browser after a request) the confirmation, `?history=all` the whole reward history.
 */
export const PAYOUT_PARAM = 'payout'
export const PAYOUT_OPEN = 'open'
export const PAYOUT_REQUESTED = 'requested'
export const HISTORY_PARAM = 'history'
export const HISTORY_ALL = 'all'

/** The balance card's id: links and the action's redirect land on it. */
export const PAYOUT_ANCHOR = 'payout'

/** The page's own search with one parameter set (or removed, for null), as a link's `search`. */
export function searchWith(search: string, name: string, value: string | null): string {
  const params = new URLSearchParams(search)
  if (value === null) params.delete(name)
  else params.set(name, value)
  const text = params.toString()
  return text ? `?${text}` : ''
}
