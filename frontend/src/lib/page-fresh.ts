/**
 * How long an answer a page's loader brought counts as fresh in the browser. Data that
 * changes when staff act (payments, rewards, a board's open tasks) is asked for again on
 * every visit by the page's loader, on the server; the browser does not ask a second time
 * right after hydrating it.
 */
export const PAGE_DATA_FRESH_MS = 30_000
