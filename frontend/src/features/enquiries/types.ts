import type { components } from '@/api/schema'

export type EnquiryCreateIn = components['schemas']['EnquiryCreateIn']
export type EnquiryCreatedOut = components['schemas']['EnquiryCreatedOut']
export type EnquiryKind = EnquiryCreateIn['kind']
