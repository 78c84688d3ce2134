import { describe, expect, it } from 'vitest'

import { referralLink, whatsappShareUrl } from '@/features/accounts/referral'
import { MESSAGES, phoneError, safeNextPath } from '@/features/accounts/validation'

describe('phoneError', () => {
  it.each(['98765 43210', '+91 98765-43210', '09876543210', '919876543210', '(98765) 43210'])('accepts %s', (value) => {
    expect(phoneError(value)).toBeUndefined()
  })

  it.each(['', '   '])('asks for a number when empty (%j)', (value) => {
    expect(phoneError(value)).toBe(MESSAGES.phoneRequired)
  })

  it.each(['12345 67890', '98765', '+1 98765 43210', '98765 43210 1', 'nine eight'])('refuses %s', (value) => {
    expect(phoneError(value)).toBe(MESSAGES.phoneInvalid)
  })
})

describe('safeNextPath', () => {
  it.each(['/dashboard', '/java-registration?ref=IRCTP1234', '/t&c', '/admin/'])('keeps %s', (value) => {
    expect(safeNextPath(value)).toBe(value)
  })

  it.each([null, '', 'dashboard', '//evil.example', '/\\evil.example', 'https://evil.example/', '/ok\nbad', 'javascript:alert(1)'])(
    'drops %j',
    (value) => {
      expect(safeNextPath(value)).toBeUndefined()
    },
  )
})

describe('referral links', () => {
  it('adds the code to the course page on this site', () => {
    expect(referralLink('https://example.com', '/java+android_bootcamp', 'IRCTP1234')).toBe('https://example.com/java+android_bootcamp?ref=IRCTP1234')
  })

  it('encodes the whole message for WhatsApp', () => {
    expect(whatsappShareUrl('Join: https://example.com/a?ref=X&b=1')).toBe('https://wa.me/?text=Join%3A%20https%3A%2F%2Fexample.com%2Fa%3Fref%3DX%26b%3D1')
  })
})
