import { IST } from '@/lib/format'

const day = new Intl.DateTimeFormat('en-IN', { timeZone: IST, day: 'numeric', month: 'short', year: 'numeric' })
const longDay = new Intl.DateTimeFormat('en-IN', { timeZone: IST, day: 'numeric', month: 'long', year: 'numeric' })

/**
 * An event's dates as seen in India: "10 Oct 2023", or "26–27 Mar 2024" for a range.
 * The API sends calendar dates ("2024-03-26"), which parse as UTC midnight: the same day in India.
 */
export function formatEventDates(startsOn: string, endsOn?: string | null): string {
  if (!endsOn || endsOn === startsOn) return day.format(new Date(startsOn))
  return day.formatRange(new Date(startsOn), new Date(endsOn))
}

/** "1 April 2023": for "Last updated" lines. */
export function formatLongDate(value: string): string {
  return longDay.format(new Date(value))
}
