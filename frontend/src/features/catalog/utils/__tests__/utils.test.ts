import { describe, expect, it } from 'vitest'

import { formatEventDates, formatLongDate } from '@/features/catalog/utils/dates'
import { initials } from '@/features/catalog/utils/initials'
import { isInternalPath } from '@/features/catalog/utils/links'

describe('initials', () => {
  it.each([
    ['Asha Verma', 'AV'],
    ['Founder Name (placeholder)', 'FN'],
    ['Madhu', 'M'],
    ['  ravi   kumar  ', 'RK'],
    ['(placeholder)', 'P'],
    ['Dr. A. P. J. Kalam', 'DK'],
    ['', ''],
  ])('%j -> %j', (name, expected) => {
    expect(initials(name)).toBe(expected)
  })
})

describe('event dates', () => {
  it('shows one day, or a range in India time', () => {
    expect(formatEventDates('2023-10-10')).toBe('10 Oct 2023')
    expect(formatEventDates('2023-10-10', '2023-10-10')).toBe('10 Oct 2023')
    expect(formatEventDates('2024-03-26', '2024-03-27')).toBe('26–27 Mar 2024')
  })

  it('writes last-updated dates in full', () => {
    expect(formatLongDate('2023-04-01')).toBe('1 April 2023')
  })
})

describe('isInternalPath', () => {
  it('tells site paths from other sites', () => {
    expect(isInternalPath('/training-and-internship')).toBe(true)
    expect(isInternalPath('//evil.example/x')).toBe(false)
    expect(isInternalPath('https://forms.example')).toBe(false)
  })
})
