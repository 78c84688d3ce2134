import { links } from '@/config/paths'

export type NavItem = { label: string; to: string; end?: boolean }

/** The header's main navigation, in order (PRODUCT.md §1). */
export const mainNav: readonly NavItem[] = [
  { label: 'Home', to: links.home, end: true },
  { label: 'Portfolio', to: links.portfolio },
  { label: 'Internship', to: links.internship },
  { label: 'Courses', to: links.courses },
  { label: 'Projects', to: links.projects },
  { label: 'Contact Us', to: links.getquote },
]

export const policyNav: readonly NavItem[] = [
  { label: 'Terms and conditions', to: links.terms },
  { label: 'Privacy policy', to: links.privacy },
  { label: 'Refund and cancellation policy', to: links.refund },
]
