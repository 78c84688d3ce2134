import '@testing-library/jest-dom/vitest'

import { cleanup, configure } from '@testing-library/react'
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest'
import { parseCookies } from '@/lib/cookies'
import { resetApi, server } from '@/test/api'

// The tests' network (src/test/api.ts): one MSW server, each test's handlers dropped after it.
beforeAll(() => server.listen())
afterEach(() => {
  server.resetHandlers()
  resetApi()
})
afterAll(() => server.close())

// The first render of a route loads its lazy module; give slow CI machines time.
configure({ asyncUtilTimeout: 5000 })

// The router scrolls on every page change; jsdom has no scrolling and would log each call.
// (A test file in Vitest's node environment, a server action's, has no document.)
const dom = typeof document !== 'undefined'

beforeEach(() => {
  if (dom) vi.spyOn(window, 'scrollTo').mockImplementation(() => {})
})

afterEach(() => {
  if (!dom) return
  cleanup()
  for (const name of parseCookies(document.cookie).keys()) {
    document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`
  }
})
