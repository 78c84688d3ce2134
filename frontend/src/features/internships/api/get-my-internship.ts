import type { components } from '@/api/schema'

/** The logged-in account's applications and internship certificates (the dashboard's `internship`). */
export type MyInternship = components['schemas']['InternshipsMineOut']
export type IssuedCertificate = MyInternship['certificates'][number]
