/**
 * Copy text with the async Clipboard API. It can be missing (an insecure origin, an old
 * browser) or refuse (permission denied): both count as a failure the caller shows.
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (!navigator.clipboard?.writeText) return false
    await navigator.clipboard.writeText(text)
    return true
  } catch {
    return false
  }
}
