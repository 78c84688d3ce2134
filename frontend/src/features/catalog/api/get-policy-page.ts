import type { components } from '@/api/schema'

/** A policy (GET /api/pages/policies/{slug}); `body_html` is sanitised on the server (nh3) before it is sent. */
export type PolicyPage = components['schemas']['PolicyPageOut']
export type PolicySlug = 'terms' | 'privacy' | 'refund'
