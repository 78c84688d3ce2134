import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ComponentProps } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import type * as FooterModule from '@/components/layouts/footer'
import { mockApi } from '@/test/api'
import { renderRoute } from '@/test/render'

/*
 * The router around the pages: placeholder, progress bar, error boundaries, scroll and
 * title. Some page modules are stood in for below; a module is loaded once per test file,
 * so each stand-in serves one purpose.
 */

const gates = vi.hoisted(() => {
  function gate() {
    let open = () => {}
    const opened = new Promise<void>((resolve) => (open = resolve))
    return { open, opened }
  }
  return { about: gate(), getquote: gate(), portfolio: gate() }
})
const layout = vi.hoisted(() => ({ footerThrows: false }))

// Pages whose code arrives only when the test says so.
vi.mock('@/app/routes/about', async (importOriginal) => {
  await gates.about.opened
  return importOriginal()
})
vi.mock('@/app/routes/getquote', async (importOriginal) => {
  await gates.getquote.opened
  return importOriginal()
})
vi.mock('@/app/routes/portfolio', async (importOriginal) => {
  await gates.portfolio.opened
  return importOriginal()
})
// A page that throws while rendering, and one whose code cannot be downloaded.
vi.mock('@/app/routes/projects', () => ({
  Component: () => {
    throw new Error('The projects page broke.')
  },
}))
vi.mock('@/app/routes/internship', () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')))
// The layout itself failing, when a test asks for it.
vi.mock('@/components/layouts/footer', async (importOriginal) => {
  const actual = await importOriginal<typeof FooterModule>()
  return {
    ...actual,
    Footer: (props: ComponentProps<typeof actual.Footer>) => {
      if (layout.footerThrows) throw new Error('The footer broke.')
      return <actual.Footer {...props} />
    },
  }
})

const HOME = { level: 1, name: /build real software/i } as const
const COURSES = { level: 1, name: 'Live online courses' } as const
const ERROR = { level: 1, name: 'This page could not be loaded' } as const

const mainNav = () => screen.getByRole('navigation', { name: 'Main' })
// The page placeholder, not a page's own loading state.
const placeholder = () => screen.getByRole('main').querySelector(':scope > [aria-busy="true"]')

async function go(label: string) {
  await userEvent.click(within(mainNav()).getByRole('link', { name: label }))
}

/** Counts the progress bars that appear in the document from now on. */
function watchProgressBars() {
  let count = 0
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (node instanceof Element && (node.matches('[role="progressbar"]') || node.querySelector('[role="progressbar"]'))) count += 1
      }
    }
  })
  observer.observe(document.body, { childList: true, subtree: true })
  return () => {
    observer.disconnect()
    return count
  }
}

beforeEach(() => {
  mockApi()
})

afterEach(() => {
  layout.footerThrows = false
})

describe('first load', () => {
  it('shows the shell with a placeholder until the page’s code arrives', async () => {
    renderRoute('/about')
    expect(await screen.findByRole('banner')).toBeInTheDocument()
    expect(screen.getByRole('contentinfo')).toBeInTheDocument()
    expect(placeholder()).toHaveTextContent('Loading…')
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument()

    gates.about.open()
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument()
    expect(placeholder()).toBeNull()
  })
})

describe('navigating', () => {
  it('keeps the old page, with a progress bar, while the next page’s code loads', async () => {
    renderRoute('/')
    const home = await screen.findByRole('heading', HOME)
    await go('Contact Us')

    expect(await screen.findByRole('progressbar', { name: 'Loading page' })).toBeInTheDocument()
    expect(home).toBeInTheDocument()
    expect(placeholder()).toBeNull()

    gates.getquote.open()
    expect(await screen.findByRole('heading', { level: 1, name: /contact us/i })).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument())
    expect(home).not.toBeInTheDocument()
  })

  it('shows no progress bar when the page’s code is already loaded', async () => {
    renderRoute('/')
    await screen.findByRole('heading', HOME)
    await go('Courses')
    await screen.findByRole('heading', COURSES)
    await go('Home')
    await screen.findByRole('heading', HOME)

    // The bar would appear after a delay: let fake time run well past it, no real waiting.
    const stop = watchProgressBars()
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    try {
      fireEvent.click(within(mainNav()).getByRole('link', { name: 'Courses' }))
      await act(() => vi.advanceTimersByTimeAsync(1000))
      expect(screen.getByRole('heading', COURSES)).toBeInTheDocument()
    } finally {
      vi.useRealTimers()
    }
    expect(stop()).toBe(0)
  })

  it('keeps the title in step with the page', async () => {
    const { history } = renderRoute('/')
    await screen.findByRole('heading', HOME)
    await waitFor(() => expect(document.title).toBe('Software projects, courses and internships | Example Academy'))
    await go('Courses')
    await screen.findByRole('heading', COURSES)
    await waitFor(() => expect(document.title).toBe('Courses | Example Academy'))
    await act(async () => history.push('/no-such-page'))
    await screen.findByRole('heading', { level: 1, name: /couldn’t find that page/i })
    await waitFor(() => expect(document.title).toBe('Page not found | Example Academy'))
  })
})

describe('a page that fails', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {}) // React reports the caught error
  })

  it('shows the error inside the shell when the page throws; leaving it clears the error', async () => {
    renderRoute('/')
    await screen.findByRole('heading', HOME)
    await go('Projects')

    const main = screen.getByRole('main')
    expect(await within(main).findByRole('heading', ERROR)).toBeInTheDocument()
    expect(within(main).getByRole('button', { name: 'Try again' })).toBeInTheDocument()
    expect(within(main).getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/')
    expect(screen.getByRole('banner')).toBeInTheDocument()
    expect(screen.getByRole('contentinfo')).toBeInTheDocument()

    await go('Courses')
    expect(await screen.findByRole('heading', COURSES)).toBeInTheDocument()
    expect(screen.queryByRole('heading', ERROR)).not.toBeInTheDocument()
  })

  it('shows the error inside the shell when the page’s code cannot be downloaded', async () => {
    renderRoute('/')
    await screen.findByRole('heading', HOME)
    await go('Internship')
    expect(await within(screen.getByRole('main')).findByRole('heading', ERROR)).toBeInTheDocument()
    expect(screen.getByRole('banner')).toBeInTheDocument()

    await go('Home')
    expect(await screen.findByRole('heading', HOME)).toBeInTheDocument()
    expect(screen.queryByRole('heading', ERROR)).not.toBeInTheDocument()
  })

  it('shows the error on a first load too', async () => {
    renderRoute('/projects')
    expect(await within(screen.getByRole('main')).findByRole('heading', ERROR)).toBeInTheDocument()
    expect(screen.getByRole('banner')).toBeInTheDocument()
  })

  it('shows the error without the shell when the layout itself fails, until the next navigation', async () => {
    layout.footerThrows = true
    const { history } = renderRoute('/')
    expect(await screen.findByRole('heading', ERROR)).toBeInTheDocument()
    expect(screen.queryByRole('banner')).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/')

    layout.footerThrows = false
    await act(async () => history.push('/courses'))
    expect(await screen.findByRole('heading', COURSES)).toBeInTheDocument()
    expect(screen.getByRole('banner')).toBeInTheDocument()
    expect(screen.queryByRole('heading', ERROR)).not.toBeInTheDocument()
  })
})

describe('scrolling', () => {
  let scrollTo: ReturnType<typeof vi.fn>
  let scrollIntoView: ReturnType<typeof vi.fn>

  beforeEach(() => {
    scrollTo = vi.fn()
    vi.spyOn(window, 'scrollTo').mockImplementation(scrollTo as unknown as typeof window.scrollTo)
    // Nor has it scrollIntoView.
    scrollIntoView = vi.fn()
    Element.prototype.scrollIntoView = scrollIntoView as unknown as Element['scrollIntoView']
  })

  afterEach(() => {
    delete (Element.prototype as Partial<Element>).scrollIntoView
    window.scrollY = 0
  })

  function scrollWindowTo(y: number) {
    window.scrollY = y
    fireEvent.scroll(window)
  }

  it('starts a new page at the top and returns to the old position on back and forward', async () => {
    const { history } = renderRoute('/')
    await screen.findByRole('heading', HOME)
    scrollWindowTo(700)

    await go('Courses')
    await screen.findByRole('heading', COURSES)
    await waitFor(() => expect(scrollTo).toHaveBeenLastCalledWith(0, 0))
    scrollWindowTo(0)

    await act(async () => history.go(-1))
    await screen.findByRole('heading', HOME)
    await waitFor(() => expect(scrollTo).toHaveBeenLastCalledWith(0, 700))

    await act(async () => history.go(1))
    await screen.findByRole('heading', COURSES)
    await waitFor(() => expect(scrollTo).toHaveBeenLastCalledWith(0, 0))
  })

  it('goes to the #hash element on a new page, once the page is there', async () => {
    const { history } = renderRoute('/courses')
    await screen.findByRole('heading', COURSES)
    await act(async () => history.push('/#contact'))
    await screen.findByRole('heading', HOME)
    await waitFor(() => expect(scrollIntoView).toHaveBeenCalled())
    expect(scrollIntoView.mock.contexts.at(-1)).toBe(document.getElementById('contact'))
  })

  it('goes to the #hash element on a first load, once the page is there', async () => {
    renderRoute('/portfolio#portfolio-heading')
    expect(await screen.findByRole('banner')).toBeInTheDocument()
    expect(placeholder()).not.toBeNull()
    expect(scrollIntoView).not.toHaveBeenCalled()

    gates.portfolio.open()
    await screen.findByRole('heading', { level: 1, name: 'Our work' })
    await waitFor(() => expect(scrollIntoView).toHaveBeenCalledTimes(1))
    expect(scrollIntoView.mock.contexts[0]).toBe(document.getElementById('portfolio-heading'))
  })
})
