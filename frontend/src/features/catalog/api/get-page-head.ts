import type { components } from '@/api/schema'
import { apiClient, unwrap } from '@/lib/api-client'

export type PageHead = components['schemas']['PageHeadOut']

/**
 * The catalogue's title, description and JSON-LD for the page at `path` (a course's name,
 * an event's summary, structured data), or null when it has none or cannot say: the page
 * then keeps its own title and description.
 */
export async function getPageHead(path: string): Promise<PageHead | null> {
  try {
    return await unwrap(apiClient.GET('/api/pages/head', { params: { query: { path } } }))
  } catch {
    return null
  }
}
