import type { components } from '@/api/schema'

/** A row of the training and internship programme (GET /api/pages/training). */
export type ProgrammeRow = components['schemas']['ProgrammeRowOut']
