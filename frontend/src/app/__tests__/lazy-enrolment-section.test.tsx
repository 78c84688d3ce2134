import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { mockApi } from '@/test/api'
import { renderRoute } from '@/test/render'

describe('the enrolment section of a course page', () => {
  it('holds its place (#enrol) while its code loads after the page, then shows the form in it', async () => {
    mockApi()
    const { container } = renderRoute('/Web-Development-registration')
    const heading = await screen.findByRole('heading', { level: 1, name: 'Web Development (MERN stack)' })
    expect(heading).toBeInTheDocument()
    // The "Enrol now" link's target exists from the first render of the course.
    expect(container.querySelector('#enrol')).not.toBeNull()
    expect(await screen.findByRole('heading', { level: 2, name: /^Enrol in Web Development/ })).toBeInTheDocument()
    expect(container.querySelectorAll('#enrol')).toHaveLength(1)
    expect(container.querySelector('#enrol[aria-busy="true"]')).toBeNull()
  })
})
