import { describe, expect, it } from 'vitest'

import { formatDateIst, formatDateTimeIst } from '@/lib/format'

describe('IST dates', () => {
  it('shows the calendar day in India, not the visitor’s zone', () => {
    // 20:00 UTC on 26 March is already 27 March (01:30) in India.
    expect(formatDateIst('2024-03-26T20:00:00Z')).toBe('27 Mar 2024')
  })

  it('formats date and time in IST', () => {
    expect(formatDateTimeIst(new Date('2024-03-26T15:30:00Z'))).toBe('26 Mar 2024, 9:00 pm IST')
  })
})
