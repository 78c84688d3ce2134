import { describe, expect, it } from 'vitest'

import { contactPath, links, paths, quotePath, routeIds, routes } from '@/config/paths'

describe('paths', () => {
  it('lists exactly the ids in routes.json', () => {
    expect([...routeIds].sort()).toEqual(routes.map((route) => route.id).sort())
  })

  it('gives each route its path', () => {
    expect(paths.home).toBe('/')
    expect(paths.getquote).toBe('/getquote')
    expect(links.terms).toBe('/t&c')
  })

  it('has a lazy page module for every route', () => {
    const modules = Object.keys(import.meta.glob('../../app/routes/*.tsx'))
    for (const route of routes) expect(modules).toContain(`../../app/routes/${route.page}.tsx`)
  })

  it('carries only the fields the app reads (the server-only text stays out of the bundle)', () => {
    for (const route of routes) {
      expect(['id', 'path', 'page', 'title', 'access']).toEqual(expect.arrayContaining(Object.keys(route)))
      expect(route.title).not.toBe('')
    }
    expect(routes.find((route) => route.id === 'login')?.access).toBe('guest')
  })

  it('builds quote links with the package slug', () => {
    expect(quotePath('web-project')).toBe('/getquote?package=web-project')
    expect(quotePath()).toBe('/getquote')
  })

  it('builds contact links with the subject filled in', () => {
    expect(contactPath('Question about Java & Android')).toBe('/getquote?subject=Question+about+Java+%26+Android')
    expect(contactPath()).toBe('/getquote')
  })
})
