import type { components } from '@/api/schema'

/** A confirmed enrolment's batch on the dashboard ("My classes"); never a meeting link. */
export type StudentBatch = components['schemas']['StudentBatchOut']
export type StudentClass = components['schemas']['StudentClassOut']
export type WaitlistPlace = components['schemas']['WaitlistEntryOut']
