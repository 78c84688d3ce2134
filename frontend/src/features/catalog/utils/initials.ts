/**
 * Up to two capital letters for an avatar: the first letter of the first and last words.
 * Only letters count, and text in brackets is ignored, so "Founder Name (placeholder)"
 * gives "FN", not "F(".
 */
export function initials(name: string): string {
  const words = (text: string) =>
    text
      .split(/\s+/)
      .map((word) => word.replace(/[^\p{L}]/gu, ''))
      .filter(Boolean)
  let parts = words(name.replace(/\([^)]*\)|\[[^\]]*\]/g, ' '))
  if (parts.length === 0) parts = words(name)
  const first = parts[0]?.[0] ?? ''
  const last = parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : ''
  return (first + last).toLocaleUpperCase('en-IN')
}
