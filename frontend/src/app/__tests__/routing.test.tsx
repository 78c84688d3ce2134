import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'

import * as catalog from '@/test/catalog-fixtures'
import { answerPage, mockApi } from '@/test/api'
import { renderRoute } from '@/test/render'

/*
 * The router around the pages: the progress bar while the next page's data loads, and a
 * page that fails showing its error inside the site's header and footer.
 */

// A page that throws while rendering.
vi.mock('@/app/routes/projects', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  default: () => {
    throw new Error('The projects page broke.')
  },
}))

const HOME = { level: 1, name: /build real software/i } as const
const COURSES = { level: 1, name: 'Live online courses' } as const
const ERROR = { level: 1, name: 'This page could not be loaded' } as const

const mainNav = () => screen.getByRole('navigation', { name: 'Main' })

async function go(label: string) {
  await userEvent.click(within(mainNav()).getByRole('link', { name: label }))
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {})
})

describe('navigating', () => {
  it('keeps the old page, with a progress bar, while the next page’s data loads', async () => {
    let answer = () => {}
    const answered = new Promise<void>((resolve) => (answer = resolve))
    mockApi(
      answerPage('courses', async () => {
        await answered
        return {}
      }),
    )
    renderRoute('/about')
    await screen.findByRole('heading', { level: 1, name: catalog.about.title })
    await go('Courses')
    expect(await screen.findByRole('progressbar', { name: 'Loading page' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 1, name: catalog.about.title })).toBeInTheDocument()

    answer()
    expect(await screen.findByRole('heading', COURSES)).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument())
  })
})

describe('a page that fails', () => {
  it('shows the error inside the header and footer; leaving it clears the error', async () => {
    mockApi()
    renderRoute('/')
    await screen.findByRole('heading', HOME)
    await go('Projects')
    expect(await screen.findByRole('heading', ERROR)).toBeInTheDocument()
    expect(screen.getByRole('contentinfo')).toBeInTheDocument()

    await go('Courses')
    expect(await screen.findByRole('heading', COURSES)).toBeInTheDocument()
    expect(screen.queryByRole('heading', ERROR)).not.toBeInTheDocument()
  })

  it('shows the error on a first load too', async () => {
    mockApi()
    renderRoute('/projects')
    expect(await screen.findByRole('heading', ERROR)).toBeInTheDocument()
    expect(within(mainNav()).getByRole('link', { name: 'Courses' })).toHaveAttribute('href', '/courses')
  })
})
