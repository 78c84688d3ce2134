import type { components } from '@/api/schema'

/** A delivered project on the portfolio page (GET /api/pages/portfolio). */
export type PortfolioItem = components['schemas']['PortfolioItemOut']
