import { describe, expect, it } from 'vitest'

import { formatDateIst, formatDateTimeIst, formatRupees, formatUsd } from '@/lib/format'

describe('formatRupees', () => {
  it.each([
    [2499, '₹2,499'],
    [100000, '₹1,00,000'],
    [12345678, '₹1,23,45,678'],
    [999, '₹999'],
    [0, '₹0'],
    [99.5, '₹99.50'],
    [199.99, '₹199.99'],
  ])('%s -> %s', (amount, expected) => {
    expect(formatRupees(amount)).toBe(expected)
  })
})

describe('formatUsd', () => {
  it.each([
    [50, '$50'],
    [1500, '$1,500'],
    [99.5, '$99.50'],
  ])('%s -> %s', (amount, expected) => {
    expect(formatUsd(amount)).toBe(expected)
  })
})

describe('IST dates', () => {
  it('shows the calendar day in India, not the visitor’s zone', () => {
    // 20:00 UTC on 26 March is already 27 March (01:30) in India.
    expect(formatDateIst('2024-03-26T20:00:00Z')).toBe('27 Mar 2024')
  })

  it('formats date and time in IST', () => {
    expect(formatDateTimeIst(new Date('2024-03-26T15:30:00Z'))).toBe('26 Mar 2024, 9:00 pm IST')
  })
})
