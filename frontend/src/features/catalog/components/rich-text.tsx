import { cn } from '@/lib/cn'

/*
 * Typography for staff-written HTML (policies, about, event details). Styled through
 * descendant selectors because the markup comes from the server, not from JSX.
 */
const prose = [
  'max-w-[70ch] text-base leading-relaxed text-ink-muted',
  '[&>*+*]:mt-4',
  '[&_h2]:mt-10 [&_h2]:scroll-mt-24 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:tracking-tight [&_h2]:text-ink',
  '[&_h3]:mt-8 [&_h3]:scroll-mt-24 [&_h3]:text-lg [&_h3]:font-semibold [&_h3]:text-ink',
  '[&>h2:first-child]:mt-0 [&>h3:first-child]:mt-0',
  '[&_ul]:list-disc [&_ul]:pl-6 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:mt-2 [&_li]:pl-1 [&_li::marker]:text-brand-600',
  '[&_a]:font-semibold [&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-4 hover:[&_a]:text-brand-900',
  '[&_strong]:font-semibold [&_strong]:text-ink',
  '[&_blockquote]:border-l-4 [&_blockquote]:border-brand-200 [&_blockquote]:pl-4 [&_blockquote]:italic',
  '[&_code]:rounded [&_code]:bg-surface-muted [&_code]:px-1.5 [&_code]:py-0.5 [&_code]:text-sm',
  '[&_table]:block [&_table]:w-full [&_table]:overflow-x-auto [&_table]:border-collapse [&_table]:text-sm',
  '[&_th]:border [&_th]:border-line [&_th]:bg-surface-muted [&_th]:px-3 [&_th]:py-2 [&_th]:text-left [&_th]:font-semibold [&_th]:text-ink',
  '[&_td]:border [&_td]:border-line [&_td]:px-3 [&_td]:py-2 [&_td]:align-top',
  '[&_hr]:my-8 [&_hr]:border-line',
].join(' ')

type RichTextProps = {
  /** HTML the server has already sanitised (nh3); never pass anything else. */
  html: string
  className?: string
}

export function RichText({ html, className }: RichTextProps) {
  return <div className={cn(prose, className)} dangerouslySetInnerHTML={{ __html: html }} />
}
