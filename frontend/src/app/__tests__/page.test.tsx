import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { action, loader } from '@/app/routes/page'
import { loader as sitemapLoader } from '@/app/routes/sitemap'
import * as catalog from '@/test/catalog-fixtures'
import { answerPage, json, mockApi } from '@/test/api'
import { pageData } from '@/test/page-data'
import { renderRoute } from '@/test/render'

/** A course staff added in the back office: no route of its own in src/routes.ts. */
const dataScience = {
  ...catalog.courses[0]!,
  slug: 'data-science',
  name: 'Data Science',
  short_name: 'Data Science',
  route: '/data-science-registration',
  summary: 'Python, statistics and machine learning, live online.',
}

const quizNight = { ...catalog.hackathon, slug: 'quiz-night', title: 'Quiz Night', summary: 'A quiz for students.', route: '/quiz-night' }

const NO_PAGE = () => json({ message: 'No page at this address.', extra: {} }, 404)

type LoaderArgs = Parameters<typeof loader>[0]
const at = (path: string, init?: RequestInit) =>
  ({ request: new Request(`http://localhost${path}`, init), url: new URL(`http://localhost${path}`), params: {}, context: {} }) as unknown as LoaderArgs

describe('pages found from the data (routes/page.tsx)', () => {
  it('renders a course staff added at its Page path, with its enrolment form', async () => {
    mockApi(answerPage('path', (url) => (url.searchParams.get('path') === dataScience.route ? pageData.coursePage({ course: dataScience }) : NO_PAGE())))
    renderRoute('/data-science-registration')
    expect(await screen.findByRole('heading', { level: 1, name: 'Data Science' })).toBeInTheDocument()
    expect(screen.getByText('Python, statistics and machine learning, live online.')).toBeInTheDocument()
    expect(within(screen.getByRole('region', { name: 'Course details' })).getByText('₹999')).toBeInTheDocument()
    expect(screen.getByRole('region', { name: /enrol in data science/i })).toBeInTheDocument()
  })

  it('renders an event staff gave a Page path', async () => {
    mockApi(answerPage('path', (url) => (url.searchParams.get('path') === quizNight.route ? pageData.eventPage({ event: quizNight }) : NO_PAGE())))
    renderRoute('/quiz-night')
    expect(await screen.findByRole('heading', { level: 1, name: 'Quiz Night' })).toBeInTheDocument()
    expect(screen.getByRole('region', { name: /at a glance/i })).toBeInTheDocument()
  })

  it('answers 404 with the not-found page’s frame when Django has no page there', async () => {
    mockApi(answerPage('path', NO_PAGE))
    const answer = (await loader(at('/no-such-course'))) as unknown as { data: { kind: string; site: unknown }; init: ResponseInit }
    expect(answer.init.status).toBe(404)
    expect(answer.data.kind).toBe('none')
    expect(answer.data.site).toBeTruthy()
  })

  it('asks Django about the path exactly as it came, percent-encoding and letter case left alone', async () => {
    const api = mockApi(answerPage('path', NO_PAGE))
    await loader(at('/Caf%C3%A9-registration'))
    const asked = api.requests.map((request) => new URL(request.url)).filter((url) => url.pathname === '/api/pages/path')
    expect(asked.map((url) => url.searchParams.get('path'))).toEqual(['/Caf%C3%A9-registration'])
  })

  it('takes no form post on an event’s page or where there is no page', async () => {
    for (const [path, answer] of [
      ['/quiz-night', () => pageData.eventPage({ event: quizNight })],
      ['/nowhere', NO_PAGE],
    ] as const) {
      mockApi(answerPage('path', answer))
      const body = new URLSearchParams({ intent: 'enrol', course: 'java' })
      const thrown = await action(at(path, { method: 'POST', body })).catch((error: unknown) => error)
      expect((thrown as { init?: ResponseInit }).init?.status, path).toBe(404)
    }
  })
})

describe('/sitemap.xml', () => {
  it('lists the route table’s pages and every page found from the data, shared a minute', async () => {
    mockApi(answerPage('sitemap', { paths: ['/java-registration', dataScience.route, quizNight.route] }))
    const response = await sitemapLoader()
    const body = await response.text()
    const locs = [...body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname)
    expect(locs).toContain('/courses')
    expect(body).toContain('/t&amp;c</loc>')
    expect(locs.slice(-3)).toEqual(['/java-registration', '/data-science-registration', '/quiz-night'])
    expect(response.headers.get('Cache-Control')).toMatch(/^public, max-age=0, s-maxage=\d+/)
  })
})
