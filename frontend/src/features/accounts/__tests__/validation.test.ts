import { describe, expect, it } from 'vitest'

import { referralLink, whatsappShareUrl } from '@/features/accounts/referral'
import { safeNextPath, validateLogin, validateSignup } from '@/features/accounts/validation'

describe('sign-up and login checks', () => {
  const filled = { name: 'Asha', phone: '98765', password: 'x', email: 'not an email' }

  it('leaves every format to the server: a filled form passes', () => {
    expect(validateSignup(filled)).toEqual({})
    expect(validateLogin({ phone: 'nine eight', password: ' ' })).toEqual({})
  })

  it('asks for each empty required field in the API words, a password only when empty', () => {
    expect(validateSignup({ name: '  ', phone: '', password: '', email: '' })).toEqual({
      name: 'Enter your name.',
      phone: 'Enter your phone number.',
      password: 'Enter a password.',
    })
    expect(validateLogin({ phone: ' ', password: '' })).toEqual({ phone: 'Enter your phone number.', password: 'Enter your password.' })
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
