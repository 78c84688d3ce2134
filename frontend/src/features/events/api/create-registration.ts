import type { RegistrationIn, RegistrationOut } from '@/features/events/types'
import { apiClient, unwrap } from '@/lib/api-client'

/** A registration for the event or tournament `slug` (the event pages' action sends it). */
export async function createRegistration(slug: string, body: RegistrationIn): Promise<RegistrationOut> {
  return unwrap(apiClient.POST('/api/events/{slug}/registrations', { params: { path: { slug } }, body }))
}
