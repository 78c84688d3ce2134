import type { components } from '@/api/schema'

/** The logged-in student's WhatsApp consent and a channel per kind of message (the account page's `preferences`). */
export type MessagePreferences = components['schemas']['MessagePreferencesOut']
