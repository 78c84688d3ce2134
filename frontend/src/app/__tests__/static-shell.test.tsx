import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'

import { BRAND_TOKEN, INTRO_TOKEN, PAGE_HEADER_TOKEN, renderPageHeaders, renderStaticShells, TITLE_TOKEN } from '@/app/static-shell'
import { PageHeader } from '@/components/ui/page-header'

function parse(html: string) {
  const container = document.createElement('div')
  container.innerHTML = html
  return container
}

describe('the prerendered app shell', () => {
  it('shows the header with the brand token, a Login link and the loading placeholder', () => {
    const shell = parse(renderStaticShells().visitor)
    expect(shell.querySelector('header a[href="/"]')?.textContent).toBe(BRAND_TOKEN)
    expect(shell.querySelector('a[href="/login"]')?.textContent).toBe('Login')
    expect(shell.querySelector('a[href="/dashboard"]')).toBeNull()
    expect(shell.querySelector('main#main [aria-busy="true"]')?.textContent).toContain('Loading…')
    expect(shell.querySelector('a[href="#main"]')?.textContent).toBe('Skip to content')
  })

  it('shows Dashboard instead of Login in the logged-in variant', () => {
    const shell = parse(renderStaticShells().user)
    expect(shell.querySelector('a[href="/dashboard"]')?.textContent).toBe('Dashboard')
    expect(shell.querySelector('a[href="/login"]')).toBeNull()
  })

  it('marks no link as the current page and leaves the footer to the app', () => {
    const { visitor, user } = renderStaticShells()
    for (const html of [visitor, user]) {
      const shell = parse(html)
      expect(shell.querySelector('[aria-current]')).toBeNull()
      expect(shell.querySelector('footer')).toBeNull()
      expect(shell.querySelectorAll('nav[aria-label="Main"] a[href="/courses"]')).toHaveLength(2)
    }
  })

  it('opens the mobile menu as a popover, without a script', () => {
    const shell = parse(renderStaticShells().visitor)
    const button = shell.querySelector('button[aria-label="Menu"]')
    const panel = shell.querySelector('[popover="auto"]')
    expect(panel?.id).toBeTruthy()
    expect(button?.getAttribute('popovertarget')).toBe(panel?.id)
    expect(button?.hasAttribute('aria-expanded')).toBe(false) // the browser states it
    expect(panel?.hasAttribute('hidden')).toBe(false)
    expect(panel?.querySelector('a[href="/courses"]')).not.toBeNull()
    expect(panel?.querySelector('a[href="/login"]')).not.toBeNull()
  })

  it('keeps a place for the page header at the top of the main area', () => {
    const main = parse(renderStaticShells().visitor).querySelector('main#main')
    expect(main?.firstChild?.textContent).toBe(PAGE_HEADER_TOKEN)
    expect(main?.firstChild?.nodeType).toBe(Node.TEXT_NODE)
  })

  it('prerenders the course pages\' headers as the pages render them, with tokens', () => {
    const headers = renderPageHeaders()
    expect(Object.keys(headers).sort()).toEqual([
      'bootcamp',
      'bootcamp+intro',
      'bootcamp-page',
      'bootcamp-page+intro',
      'course',
      'course+intro',
    ])
    expect(headers['course+intro']).toBe(
      renderToStaticMarkup(<PageHeader eyebrow="Live online course" title={TITLE_TOKEN} intro={INTRO_TOKEN} />),
    )
    const header = parse(headers['bootcamp-page'] ?? '')
    expect(header.querySelector('p')?.textContent).toBe('One-month bootcamp')
    expect(header.querySelector('h1')?.textContent).toBe(TITLE_TOKEN)
    expect(headers['bootcamp-page']).not.toContain(INTRO_TOKEN)
  })
})
