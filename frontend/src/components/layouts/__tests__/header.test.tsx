import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'

import { Header } from '@/components/layouts/header'
import { mainNav } from '@/components/layouts/nav-items'
import { renderWithProviders } from '@/test/render'

function renderHeader() {
  renderWithProviders(<Header brandName="Example Academy" homePath="/" items={mainNav} account={<a href="/login">Login</a>} />)
  const button = screen.getByRole('button', { name: 'Menu' })
  const panel = document.getElementById(button.getAttribute('aria-controls') ?? '') as HTMLElement
  return { button, panel }
}

describe('Header mobile menu', () => {
  it('opens and closes from its button', async () => {
    const user = userEvent.setup()
    const { button, panel } = renderHeader()
    expect(button).toHaveAttribute('aria-expanded', 'false')
    expect(panel).not.toBeVisible()

    await user.click(button)
    expect(button).toHaveAttribute('aria-expanded', 'true')
    expect(panel).toBeVisible()

    await user.click(button)
    expect(panel).not.toBeVisible()
  })

  it('closes on Escape and returns focus to the button', async () => {
    const user = userEvent.setup()
    const { button, panel } = renderHeader()
    await user.click(button)
    await user.tab()
    expect(panel).toContainElement(document.activeElement as HTMLElement)

    await user.keyboard('{Escape}')
    expect(button).toHaveAttribute('aria-expanded', 'false')
    expect(panel).not.toBeVisible()
    expect(button).toHaveFocus()
  })

  it('closes when a link is chosen', async () => {
    const user = userEvent.setup()
    const { button, panel } = renderHeader()
    await user.click(button)
    const links = panel.querySelectorAll('a')
    await user.click(links[4] as HTMLAnchorElement)
    expect(button).toHaveAttribute('aria-expanded', 'false')
    expect(panel).not.toBeVisible()
  })

  it('can be opened and used from the keyboard alone', async () => {
    const user = userEvent.setup()
    const { button, panel } = renderHeader()
    button.focus()
    await user.keyboard('{Enter}')
    expect(panel).toBeVisible()
    await user.tab()
    expect(document.activeElement).toHaveTextContent('Home')
  })
})
