import type { components } from '@/api/schema'

/** A member of the team on the home page (GET /api/pages/home's `team`). */
export type TeamMember = components['schemas']['TeamMemberOut']
