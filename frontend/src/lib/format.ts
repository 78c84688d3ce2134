/** Dates as the site shows them. Money is formatted once, on the server (the API's `*_display` fields). */

export const IST = 'Asia/Kolkata'

const istDate = new Intl.DateTimeFormat('en-IN', { timeZone: IST, day: 'numeric', month: 'short', year: 'numeric' })
const istDateTime = new Intl.DateTimeFormat('en-IN', {
  timeZone: IST,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
})

/** A calendar date as seen in India, whatever the visitor's clock: "26 Mar 2024". */
export function formatDateIst(value: Date | string | number): string {
  return istDate.format(new Date(value))
}

/** Date and time in India: "26 Mar 2024, 9:00 pm IST". */
export function formatDateTimeIst(value: Date | string | number): string {
  return `${istDateTime.format(new Date(value))} IST`
}

const istDayMonth = new Intl.DateTimeFormat('en-IN', { timeZone: IST, day: 'numeric', month: 'short' })

/** Day and month in India, for dates within the coming weeks: "18 Dec". */
export function formatDayMonthIst(value: Date | string | number): string {
  return istDayMonth.format(new Date(value))
}
