import type { components } from '@/api/schema'

/** A logged-in account as the API describes it (the page data's `visitor`). */
export type User = components['schemas']['UserOut']
