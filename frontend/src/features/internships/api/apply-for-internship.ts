import type { Application, ApplicationCreateIn } from '@/features/internships/types'
import { apiClient, unwrap } from '@/lib/api-client'

/** The logged-in account's application for a domain (the apply page's action sends it). */
export function applyForInternship(body: ApplicationCreateIn): Promise<Application> {
  return unwrap(apiClient.POST('/api/internships/applications', { body }))
}
