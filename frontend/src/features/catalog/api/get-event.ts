/** The events with a page of their own (GET /api/pages/events/{slug}). */
export const eventSlugs = {
  hackathon: 'web-development-hackathon',
  bgmi: 'bgmi-tournaments',
} as const
