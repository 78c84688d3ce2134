/**
 * `path` with `next` (a path checked by safeNextPath) added to its query, or `path` as it
 * is when there is none: login and sign-up pass on where the visitor was going, so that
 * Apply Now -> login -> Create an account -> login still ends on the page they started on.
 */
export function withNext(path: string, next: string | undefined): string {
  if (!next) return path
  return `${path}${path.includes('?') ? '&' : '?'}${new URLSearchParams({ next })}`
}
