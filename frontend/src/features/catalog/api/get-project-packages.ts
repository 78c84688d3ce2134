import type { components } from '@/api/schema'

/** A project package with its starting price (GET /api/pages/projects, /api/pages/home). */
export type ProjectPackage = components['schemas']['ProjectPackageOut']
