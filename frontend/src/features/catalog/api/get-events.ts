import type { components } from '@/api/schema'

/** Events split by the server into upcoming and past, by today's date in India (GET /api/pages/events). */
export type EventList = components['schemas']['EventListOut']
export type CatalogEvent = components['schemas']['EventOut']
export type Tournament = components['schemas']['TournamentOut']
