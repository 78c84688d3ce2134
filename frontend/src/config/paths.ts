import { href } from 'react-router'

/** Links with a query: the contact form with a package or a subject filled in. */
/** `/getquote?package=web-project` */
export function quotePath(packageSlug?: string): string {
  return packageSlug ? `${href('/getquote')}?package=${encodeURIComponent(packageSlug)}` : href('/getquote')
}

/** `/getquote?subject=Java%20course`: the contact form with its subject filled in. */
export function contactPath(subject?: string): string {
  return subject ? `${href('/getquote')}?${new URLSearchParams({ subject }).toString()}` : href('/getquote')
}
