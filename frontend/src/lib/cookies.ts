/**
 * A Cookie header (or `document.cookie`, the same `name=value; name=value` form) as a map
 * of names to their values, as sent (not decoded): the one cookie parser, for the server's
 * requests (src/server/api-scope.server.ts) and the browser's (readCookie in api-client).
 */
export function parseCookies(header: string | null | undefined): Map<string, string> {
  const cookies = new Map<string, string>()
  for (const part of (header ?? '').split(';')) {
    const index = part.indexOf('=')
    const name = index < 0 ? '' : part.slice(0, index).trim()
    if (name) cookies.set(name, part.slice(index + 1).trim())
  }
  return cookies
}
