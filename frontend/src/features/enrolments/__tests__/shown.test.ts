import { describe, expect, it } from 'vitest'

import type { Enrolment } from '@/features/enrolments/types'
import { anotherSearch, enrolmentSearch, shownEnrolment } from '@/features/enrolments/shown'

function enrolment(reference: string, status: Enrolment['status'], courseSlug = 'java'): Enrolment {
  return {
    reference,
    status,
    course: { slug: courseSlug, name: courseSlug, short_name: courseSlug, route: `/${courseSlug}-registration` },
    is_open: status === 'pending' || status === 'paid_claimed',
  } as Enrolment
}

const shown = (enrolments: Enrolment[], search = '', answered?: string) =>
  shownEnrolment({ courseSlug: 'java', enrolments, search: new URLSearchParams(search), answered })

describe('the enrolment a course page shows', () => {
  const open = enrolment('ENR-OPEN22', 'pending')
  const confirmed = enrolment('ENR-CONF22', 'confirmed')
  const rejected = enrolment('ENR-REJE22', 'rejected')
  const elsewhere = enrolment('ENR-WEBD22', 'pending', 'web-development')

  it('is the one to pay, else a confirmed one, else the latest refused, of this course only', () => {
    expect(shown([rejected, confirmed, open, elsewhere]).enrolment).toBe(open)
    expect(shown([rejected, confirmed, elsewhere]).enrolment).toBe(confirmed)
    expect(shown([rejected, elsewhere]).enrolment).toBe(rejected)
    expect(shown([elsewhere])).toEqual({})
  })

  it('is the one the address names, and says which when the visitor has no such enrolment here', () => {
    expect(shown([open, confirmed], '?enrolment=ENR-CONF22').enrolment).toBe(confirmed)
    expect(shown([open], '?enrolment=ENR-GONE22')).toEqual({ missing: 'ENR-GONE22' })
    // Another course's enrolment is not shown on this course's page.
    expect(shown([open, elsewhere], '?enrolment=ENR-WEBD22')).toEqual({ missing: 'ENR-WEBD22' })
  })

  it('is none when the visitor asked for the form again, unless a 409 named their own', () => {
    expect(shown([open], '?enrol=another')).toEqual({})
    expect(shown([open], '?enrol=another', 'ENR-OPEN22').enrolment).toBe(open)
  })

  it('is named in the address with the other parameters kept', () => {
    expect(enrolmentSearch(new URLSearchParams('ref=irctp1&enrol=another'), 'ENR-OPEN22')).toBe('?ref=irctp1&enrolment=ENR-OPEN22')
    expect(anotherSearch(new URLSearchParams('ref=irctp1&enrolment=ENR-OPEN22'))).toBe('?ref=irctp1&enrol=another')
  })
})
