import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { answerPage, mockApi } from '@/test/api'
import { site } from '@/test/fixtures'
import { renderRoute } from '@/test/render'

describe('privacy policy: your rights', () => {
  it('lists the DPDP Act’s rights and names the grievance officer from the site settings', async () => {
    mockApi()
    renderRoute('/privacy-policy')
    const rights = await screen.findByRole('region', { name: 'Your rights under the DPDP Act 2023' })
    for (const right of ['Access.', 'Correction.', 'Erasure.', 'Grievance redressal.', 'Nomination.']) {
      expect(within(rights).getByText(right)).toBeInTheDocument()
    }
    expect(within(rights).getByText(/Digital Personal Data Protection Act, 2023/)).toBeInTheDocument()
    expect(within(rights).getAllByRole('link', { name: 'your account page' })[0]).toHaveAttribute('href', '/account')
    expect(within(rights).getByRole('link', { name: '(privacy@example.com)' })).toHaveAttribute('href', 'mailto:privacy@example.com')
    expect(within(rights).getByText(/Meera Nair, grievance officer/)).toBeInTheDocument()
    // The table of contents lists it after the policy's own sections.
    const contents = screen.getByRole('navigation', { name: 'On this page' })
    expect(within(contents).getByRole('link', { name: 'Your rights under the DPDP Act 2023' })).toHaveAttribute('href', '#dpdp-act-rights')
  })

  it('links an email-only contact, and the contact form when none is set', async () => {
    mockApi({ ...answerPage('policy', () => ({ site: { ...site, grievance_officer: 'privacy@example.com' } })) })
    const { unmount } = renderRoute('/privacy-policy')
    const rights = await screen.findByRole('region', { name: 'Your rights under the DPDP Act 2023' })
    expect(within(rights).getByRole('link', { name: 'privacy@example.com' })).toHaveAttribute('href', 'mailto:privacy@example.com')
    unmount()
    mockApi({ ...answerPage('policy', () => ({ site: { ...site, grievance_officer: '' } })) })
    renderRoute('/privacy-policy')
    const fallback = await screen.findByRole('region', { name: 'Your rights under the DPDP Act 2023' })
    expect(within(fallback).getByRole('link', { name: 'our contact form' }).getAttribute('href')).toMatch(/^\/getquote\?subject=/)
  })

  it('is only on the privacy policy', async () => {
    mockApi()
    renderRoute('/t&c')
    await screen.findByRole('heading', { level: 1, name: 'Terms and Conditions' })
    expect(screen.queryByRole('region', { name: 'Your rights under the DPDP Act 2023' })).not.toBeInTheDocument()
  })
})
