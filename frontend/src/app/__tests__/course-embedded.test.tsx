import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { courseByRouteQueryOptions } from '@/features/catalog/api/get-course-by-route'
import { json, mockApi } from '@/test/api'
import * as catalog from '@/test/catalog-fixtures'
import { site } from '@/test/fixtures'
import { renderRoute } from '@/test/render'

const webDevelopment = catalog.courses.find((course) => course.route === '/Web-Development-registration')!

/** The page as Django sends it: the bootstrap carries the page's course. */
function embedWithCourse(course: unknown) {
  const script = document.createElement('script')
  script.type = 'application/json'
  script.id = 'bootstrap'
  script.textContent = JSON.stringify({ site, user: null, course })
  document.head.append(script)
}

describe('a course page sent with its course', () => {
  it('renders the course without asking the API for it', async () => {
    embedWithCourse({ ...webDevelopment, name: 'Web Development (as sent with the page)' })
    const fetchMock = mockApi({ 'GET /api/courses/by-route': () => json({ message: 'Unavailable.', extra: {} }, 503) })
    renderRoute('/Web-Development-registration', { bootstrap: false })
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Web Development (as sent with the page)' }),
    ).toBeInTheDocument()
    const details = await screen.findByRole('region', { name: /course details/i })
    expect(within(details).getByText(webDevelopment.duration_text)).toBeInTheDocument()
    const asked = fetchMock.mock.calls.map(([input]) => new URL((input as Request).url).pathname)
    expect(asked).not.toContain('/api/courses/by-route')
  })

  it('uses the embedded course only for its own page', () => {
    embedWithCourse(webDevelopment)
    expect(courseByRouteQueryOptions('/Web-Development-registration').initialData).toEqual(webDevelopment)
    expect(courseByRouteQueryOptions('/java-registration').initialData).toBeUndefined()
  })
})
