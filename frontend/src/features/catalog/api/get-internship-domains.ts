import type { components } from '@/api/schema'

/** An internship domain one can apply for (GET /api/pages/internship, /api/pages/home). */
export type InternshipDomain = components['schemas']['InternshipDomainOut']
