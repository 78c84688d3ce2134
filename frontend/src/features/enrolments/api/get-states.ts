import type { components } from '@/api/schema'

/** India's states and union territories by GST code: the enrolment form's state select (a course page's data). */
export type State = components['schemas']['StateOut']
