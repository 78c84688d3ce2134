import { href } from 'react-router'

export type NavItem = { label: string; to: string; end?: boolean }

/** The header's main navigation, in order (docs/product.md §1). */
export const mainNav: readonly NavItem[] = [
  { label: 'Home', to: href('/'), end: true },
  { label: 'Portfolio', to: href('/portfolio') },
  { label: 'Internship', to: href('/internship') },
  { label: 'Courses', to: href('/courses') },
  { label: 'Projects', to: href('/projects') },
  { label: 'Contact Us', to: href('/getquote') },
]

export const policyNav: readonly NavItem[] = [
  { label: 'Terms and conditions', to: href('/t&c') },
  { label: 'Privacy policy', to: href('/privacy-policy') },
  { label: 'Refund and cancellation policy', to: href('/refund-and-cancellation-policy') },
]
