import type { components } from '@/api/schema'

/** A course as the catalogue describes it (the bootcamp included, `is_bootcamp`). */
export type Course = components['schemas']['CourseOut']
