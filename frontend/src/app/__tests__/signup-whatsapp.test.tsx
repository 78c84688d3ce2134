import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'

import { accountHandlers } from '@/app/__tests__/accounts-fixtures'
import { json, mockApi, sentBodies } from '@/test/api'
import { renderRoute } from '@/test/render'

const refused = { message: 'x', extra: { fields: { password: 'This password is too common.' } } }

describe('signup route: WhatsApp consent', () => {
  it.each([
    [false, 'not ticked'],
    [true, 'ticked'],
  ])('sends whatsapp_opt_in %s when the box is %s', async (ticked) => {
    const api = mockApi({ ...accountHandlers, 'POST /api/auth/signup': () => json(refused, 422) })
    renderRoute('/signup')
    const user = userEvent.setup()
    await screen.findByRole('heading', { level: 1, name: 'Create your account' })
    const box = screen.getByRole('checkbox', { name: /send me whatsapp messages/i })
    expect(box).not.toBeChecked()
    await user.type(screen.getByLabelText(/^name/i), 'Asha Verma')
    await user.type(screen.getByLabelText(/phone number/i), '98765 43210')
    await user.type(screen.getByLabelText(/^password/i), 'password123')
    if (ticked) await user.click(box)
    await user.click(screen.getByRole('button', { name: 'Sign up' }))
    await waitFor(async () => expect(await sentBodies(api, 'POST /api/auth/signup')).toHaveLength(1))
    expect(await sentBodies(api, 'POST /api/auth/signup')).toEqual([expect.objectContaining({ whatsapp_opt_in: ticked })])
  })
})
