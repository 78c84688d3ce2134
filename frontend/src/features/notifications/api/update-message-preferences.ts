import type { components } from '@/api/schema'
import type { MessagePreferences } from '@/features/notifications/types'
import { apiClient, unwrap } from '@/lib/api-client'

/** Save the WhatsApp consent and the channels; the API judges every value (422 at the field). */
export function updateMessagePreferences(body: components['schemas']['MessagePreferencesIn']): Promise<MessagePreferences> {
  return unwrap(apiClient.PUT('/api/notifications/preferences', { body }))
}
