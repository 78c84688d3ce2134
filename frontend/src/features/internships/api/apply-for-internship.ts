import type { components } from '@/api/schema'
import type { Application } from '@/features/internships/api/get-internship-domain'
import { apiClient, unwrap } from '@/lib/api-client'

export type ApplicationCreateIn = components['schemas']['ApplicationCreateIn']

/** The logged-in account's application for a domain (the apply page's action sends it). */
export function applyForInternship(body: ApplicationCreateIn): Promise<Application> {
  return unwrap(apiClient.POST('/api/internships/applications', { body }))
}
