import { describe, expect, it } from 'vitest'

import { readCookie } from '@/lib/api-client'
import { parseCookies } from '@/lib/cookies'

describe('parseCookies', () => {
  it('reads a Cookie header as names and their values as sent', () => {
    const cookies = parseCookies('sessionid=abc; csrftoken=x%20y;flag=; =orphan; broken')
    expect([...cookies]).toEqual([
      ['sessionid', 'abc'],
      ['csrftoken', 'x%20y'],
      ['flag', ''],
    ])
  })

  it('takes a missing header as no cookies', () => {
    expect(parseCookies(null).size).toBe(0)
    expect(parseCookies(undefined).size).toBe(0)
  })
})

describe('readCookie', () => {
  it("decodes one of the browser's cookies", () => {
    document.cookie = 'csrftoken=a%2Fb; path=/'
    expect(readCookie('csrftoken')).toBe('a/b')
    expect(readCookie('missing')).toBeUndefined()
  })
})
