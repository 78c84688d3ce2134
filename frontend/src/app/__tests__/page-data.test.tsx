import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { courseByRouteQueryOptions } from '@/features/catalog/api/get-course-by-route'
import { json, mockApi } from '@/test/api'
import * as catalog from '@/test/catalog-fixtures'
import { projectPackages, site, team } from '@/test/fixtures'
import { renderRoute } from '@/test/render'

const COURSE_PATH = '/Web-Development-registration'
const webDevelopment = catalog.courses.find((course) => course.route === COURSE_PATH)!

/** The page as Django sends it: the bootstrap carries the API answers the page asks for first. */
function embedWithApi(api: Record<string, unknown>) {
  const script = document.createElement('script')
  script.type = 'application/json'
  script.id = 'bootstrap'
  script.textContent = JSON.stringify({ site, user: null, api })
  document.head.append(script)
}

/** An API that answers nothing: every request fails, so whatever renders came with the page. */
function unavailableApi() {
  return mockApi(
    Object.fromEntries(
      ['/api/courses', '/api/courses/by-route', '/api/projects', '/api/internships', '/api/team'].map((path) => [
        `GET ${path}`,
        () => json({ message: 'Unavailable.', extra: {} }, 503),
      ]),
    ),
  )
}

function requestedPaths(fetchMock: ReturnType<typeof mockApi>) {
  return fetchMock.mock.calls.map(([input]) => new URL((input as Request).url).pathname)
}

describe('pages sent with the API answers they ask for first', () => {
  it('a course page renders its course without asking the API', async () => {
    embedWithApi({ [`/api/courses/by-route?path=${COURSE_PATH}`]: { ...webDevelopment, name: 'Web Development (sent with the page)' } })
    const fetchMock = unavailableApi()
    renderRoute(COURSE_PATH, { bootstrap: false })
    expect(await screen.findByRole('heading', { level: 1, name: 'Web Development (sent with the page)' })).toBeInTheDocument()
    const details = await screen.findByRole('region', { name: /course details/i })
    expect(within(details).getByText(webDevelopment.duration_text)).toBeInTheDocument()
    expect(requestedPaths(fetchMock)).not.toContain('/api/courses/by-route')
  })

  it('the home page renders its figures and team without asking the API', async () => {
    embedWithApi({
      '/api/courses': catalog.courses,
      '/api/projects': projectPackages,
      '/api/internships': catalog.internshipDomains,
      '/api/team': team,
    })
    const fetchMock = unavailableApi()
    renderRoute('/', { bootstrap: false })
    const figures = (await screen.findByText('At a glance')).closest('section') as HTMLElement
    // At once, from the first render: no loading state, no error.
    expect(within(figures).queryByText('Loading…')).not.toBeInTheDocument()
    expect(within(figures).getByText('Live online courses').parentElement).toHaveTextContent('4')
    expect(screen.getByRole('heading', { name: team[0]!.name })).toBeInTheDocument()
    const asked = requestedPaths(fetchMock)
    for (const path of ['/api/courses', '/api/projects', '/api/internships', '/api/team']) expect(asked).not.toContain(path)
  })

  it('uses an answer only for the request it was sent for, fresh from the page load', () => {
    embedWithApi({ [`/api/courses/by-route?path=${COURSE_PATH}`]: webDevelopment })
    const own = courseByRouteQueryOptions(COURSE_PATH)
    expect(own.initialData).toEqual(webDevelopment)
    expect(own.initialDataUpdatedAt).toBe(performance.timeOrigin)
    expect(courseByRouteQueryOptions('/java-registration').initialData).toBeUndefined()
    expect(courseByRouteQueryOptions('/java-registration').staleTime).toBeUndefined()
  })
})
