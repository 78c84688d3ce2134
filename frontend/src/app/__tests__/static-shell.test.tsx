import { describe, expect, it } from 'vitest'

import { BRAND_TOKEN, renderStaticShells } from '@/app/static-shell'

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
})
