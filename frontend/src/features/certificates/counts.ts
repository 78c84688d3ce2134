const numbers = new Intl.NumberFormat('en-IN')

/** 12345 -> "12,345" (Indian grouping, as everywhere on the site). */
export function formatCount(value: number): string {
  return numbers.format(value)
}

/** plural(1, 'row', 'rows') -> "1 row"; plural(1200, …) -> "1,200 rows". */
export function plural(count: number, one: string, many: string): string {
  return `${formatCount(count)} ${count === 1 ? one : many}`
}
