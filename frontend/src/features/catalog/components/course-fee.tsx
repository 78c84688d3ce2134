import type { Course } from '@/features/catalog/types'
import { cn } from '@/lib/cn'

type CourseFeeProps = {
  course: Pick<Course, 'has_offer' | 'list_fee_display' | 'payable_fee_display' | 'offer_label' | 'offer_ends_text'>
  size?: 'md' | 'lg'
  className?: string
}

/**
 * The fee; with an offer, the list fee struck through before the offer fee, and the day
 * the offer ends when it has one. <s> is not announced by screen readers, so hidden words
 * say "was … now …".
 */
export function CourseFee({ course, size = 'md', className }: CourseFeeProps) {
  const amount = size === 'lg' ? 'text-3xl' : 'text-2xl'
  if (!course.has_offer) {
    return (
      <p className={cn('font-extrabold tracking-tight text-ink', amount, className)}>{course.payable_fee_display}</p>
    )
  }
  return (
    <div className={cn('flex flex-wrap items-baseline gap-x-2.5 gap-y-1', className)}>
      <p className="flex flex-wrap items-baseline gap-x-2.5">
        <span className="sr-only">Was </span>
        <s className="text-base font-medium text-ink-muted decoration-danger decoration-2">{course.list_fee_display}</s>
        <span className="sr-only">, now </span>
        <strong className={cn('font-extrabold tracking-tight text-ink', amount)}>{course.payable_fee_display}</strong>
      </p>
      {course.offer_label && (
        <p className="rounded-full bg-accent-100 px-2.5 py-0.5 text-xs font-semibold text-accent-800">{course.offer_label}</p>
      )}
      {course.offer_ends_text && <p className="text-sm font-medium text-ink-muted">{course.offer_ends_text}</p>}
    </div>
  )
}
