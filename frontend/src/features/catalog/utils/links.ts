/** A path on this site ("/training-and-internship"), as opposed to a link to another site. */
export function isInternalPath(url: string): boolean {
  return url.startsWith('/') && !url.startsWith('//')
}
