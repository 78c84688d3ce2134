import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderToString } from 'react-dom/server'
import { MemoryRouter } from 'react-router'
import { describe, expect, it, vi } from 'vitest'

import { PasswordField } from '@/components/ui/password-field'
import { RetryButton } from '@/components/ui/retry-button'

/*
 * What the server sends is the page a visitor without JavaScript uses: it must not offer
 * a control that needs a script. Once the script runs, the control appears.
 */
describe('controls that need JavaScript', () => {
  it('the password field offers "Show password" only once the script runs', async () => {
    const html = renderToString(<PasswordField id="password" name="password" label="Password" />)
    expect(html).toContain('type="password"')
    expect(html).not.toContain('Show password')

    render(<PasswordField id="password" name="password" label="Password" />)
    const toggle = screen.getByRole('button', { name: 'Show password' })
    await userEvent.click(toggle)
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'text')
    expect(toggle).toHaveAttribute('aria-pressed', 'true')
  })

  it('"Try again" is a link that loads the page again without the script, a button that retries in place with it', async () => {
    const html = renderToString(
      <MemoryRouter initialEntries={['/tasks-10?x=1']}>
        <RetryButton onRetry={() => {}} />
      </MemoryRouter>,
    )
    expect(html).toMatch(/<a [^>]*href="\/tasks-10\?x=1"[^>]*>.*Try again<\/a>/)

    const onRetry = vi.fn()
    render(
      <MemoryRouter initialEntries={['/tasks-10']}>
        <RetryButton onRetry={onRetry} />
      </MemoryRouter>,
    )
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(onRetry).toHaveBeenCalledOnce()
  })
})
