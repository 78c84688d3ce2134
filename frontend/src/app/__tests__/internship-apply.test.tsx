import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'

import { learner } from '@/app/__tests__/accounts-fixtures'
import { answerPage, json, mockApi, sentBodies } from '@/test/api'
import { application, domainDetail, STATEMENT } from '@/test/internship-fixtures'
import { renderRoute } from '@/test/render'

const PATH = '/internship/apply/web-development'
const APPLY = 'POST /api/internships/applications'

function form() {
  return screen.getByRole('button', { name: 'Send application' }).closest('form') as HTMLFormElement
}

async function renderApply(handlers = {}, user: typeof learner | null = learner) {
  const api = mockApi({ ...answerPage('internshipApply', () => ({ domain: domainDetail() })), ...handlers })
  const result = renderRoute(PATH, { user })
  return { ...result, api }
}

async function fillForm(user: ReturnType<typeof userEvent.setup>, values: { statement?: string; link?: string } = {}) {
  await user.type(screen.getByLabelText(/^college or organisation/i), 'Government Engineering College')
  await user.type(screen.getByLabelText(/^year of study or graduation/i), '3rd year')
  if (values.link !== undefined) await user.type(screen.getByLabelText(/^profile link/i), values.link)
  await user.type(screen.getByLabelText(/^why do you want this internship/i), values.statement ?? STATEMENT)
  await user.click(screen.getByRole('radio', { name: '10th of the month' }))
}

describe('internship application route', { timeout: 20_000 }, () => {
  it('sends a visitor to log in first, and back to the form after', async () => {
    const { history } = await renderApply({}, null)
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument()
    await waitFor(() => expect(history.location.pathname).toBe('/login'))
    expect(history.location.search).toBe('?next=%2Finternship%2Fapply%2Fweb-development')
  })

  it('answers an unknown domain with the not-found page, logged in or not', async () => {
    // No domain has this slug: the page's answer is the 404 (the default without a domain).
    mockApi()
    renderRoute('/internship/apply/nope', { user: null })
    expect(await screen.findByRole('heading', { level: 1, name: 'We couldn’t find that page' })).toBeInTheDocument()
    // In the site's frame: the header names the brand and offers Login.
    const banner = screen.getByRole('banner')
    expect(within(banner).getByText('Example Academy')).toBeInTheDocument()
    expect(within(banner).getAllByRole('link', { name: 'Login' }).length).toBeGreaterThan(0)
  })

  it('shows the form for an open domain: the domain, labelled fields and the three batches', async () => {
    await renderApply()
    expect(await screen.findByRole('heading', { level: 1, name: 'Web Development internship' })).toBeInTheDocument()
    const shown = within(form())
    expect(shown.getByText('Web Development')).toBeInTheDocument()
    expect(shown.getByLabelText(/^college or organisation/i)).toBeRequired()
    expect(shown.getByLabelText(/^year of study or graduation/i)).toBeRequired()
    expect(shown.getByLabelText(/^profile link \(optional\)/i)).not.toBeRequired()
    expect(shown.getByLabelText(/^why do you want this internship/i)).toHaveAccessibleDescription(/between 50 and 2,000 characters/i)
    const group = shown.getByRole('group', { name: /preferred batch/i })
    expect(within(group).getAllByRole('radio').map((radio) => (radio as HTMLInputElement).value)).toEqual(['1', '10', '20'])
    expect(within(group).getByRole('radio', { name: '20th of the month' })).toBeInTheDocument()
  })

  it('counts the statement’s characters as they are typed', async () => {
    const user = userEvent.setup()
    await renderApply()
    await screen.findByRole('button', { name: 'Send application' })
    expect(screen.getByText('0 characters')).toBeInTheDocument()
    await user.type(screen.getByLabelText(/^why do you want this internship/i), ' Twelve chars ')
    expect(screen.getByText('12 characters')).toBeInTheDocument()
  })

  it('sends the application and says "Application received", with the dashboard link', async () => {
    const user = userEvent.setup()
    let applied = false
    const { api } = await renderApply({
      ...answerPage('internshipApply', () => ({ domain: domainDetail({ my_application: applied ? application() : null }) })),
      [APPLY]: () => {
        applied = true
        return json(application(), 201)
      },
    })
    await screen.findByRole('button', { name: 'Send application' })
    await fillForm(user, { link: 'https://github.com/asha' })
    await user.click(screen.getByRole('button', { name: 'Send application' }))

    expect(await screen.findByText('Application received')).toBeInTheDocument()
    expect(screen.getByRole('status')).toHaveTextContent(/Application received/)
    expect(screen.getByRole('link', { name: /go to your dashboard/i })).toHaveAttribute('href', '/dashboard')
    expect(screen.getByText('APP-0007')).toBeInTheDocument()
    expect(screen.getByText('Submitted, waiting for review')).toBeInTheDocument()
    expect(await sentBodies(api, APPLY)).toEqual([
      {
        domain: 'web-development',
        college: 'Government Engineering College',
        year: '3rd year',
        profile_url: 'https://github.com/asha',
        statement: STATEMENT,
        batch: 10,
      },
    ])
    expect(screen.queryByRole('button', { name: 'Send application' })).not.toBeInTheDocument()
  })

  it('asks for the empty required fields first, in the server’s words; nothing is sent', async () => {
    const user = userEvent.setup()
    const { api } = await renderApply()
    await screen.findByRole('button', { name: 'Send application' })
    await user.type(screen.getByLabelText(/^why do you want this internship/i), '   ')
    await user.click(screen.getByRole('button', { name: 'Send application' }))

    const college = screen.getByLabelText(/^college or organisation/i)
    expect(college).toHaveAccessibleDescription('Enter your college or organisation.')
    await waitFor(() => expect(college).toHaveFocus())
    expect(screen.getByLabelText(/^year of study/i)).toHaveAccessibleDescription(/Enter your year of study or graduation\./)
    expect(screen.getByLabelText(/^profile link/i)).not.toHaveAttribute('aria-invalid')
    expect(screen.getByLabelText(/^why do you want this internship/i)).toHaveAccessibleDescription(
      /Tell us why you want this internship, in 50 to 2,000 characters\./,
    )
    expect(screen.getByRole('group', { name: /preferred batch/i })).toHaveAccessibleDescription(/Choose a batch\./)
    expect(await sentBodies(api, APPLY)).toEqual([])
  })

  it('leaves the link and the statement’s length to the server, showing its errors with the focus on the first', async () => {
    const user = userEvent.setup()
    const fields = {
      profile_url: 'Enter a link that starts with https://',
      statement: 'Write between 50 and 2,000 characters (you wrote 10).',
    }
    const { api } = await renderApply({
      [APPLY]: () => json({ message: 'Please correct the errors below.', extra: { fields } }, 422),
    })
    await screen.findByRole('button', { name: 'Send application' })
    await fillForm(user, { link: 'http://example.com/me', statement: 'Too short.' })
    await user.click(screen.getByRole('button', { name: 'Send application' }))

    const link = screen.getByLabelText(/^profile link/i)
    await waitFor(() => expect(link).toHaveAccessibleDescription(/Enter a link that starts with https:\/\//))
    expect(screen.getByLabelText(/^why do you want this internship/i)).toHaveAccessibleDescription(
      /Write between 50 and 2,000 characters \(you wrote 10\)/,
    )
    await waitFor(() => expect(link).toHaveFocus())
    expect(await sentBodies(api, APPLY)).toEqual([expect.objectContaining({ profile_url: 'http://example.com/me', statement: 'Too short.' })])
  })

  it('shows the server’s field errors next to their fields and keeps what was typed', async () => {
    const user = userEvent.setup()
    await renderApply({
      [APPLY]: () =>
        json(
          {
            message: 'Check the highlighted fields.',
            extra: { fields: { college: 'Ensure this value has at most 200 characters.', batch: 'Choose a batch.' } },
          },
          422,
        ),
    })
    await screen.findByRole('button', { name: 'Send application' })
    await fillForm(user)
    await user.click(screen.getByRole('button', { name: 'Send application' }))

    const college = screen.getByLabelText(/^college or organisation/i)
    await waitFor(() => expect(college).toHaveAccessibleDescription('Ensure this value has at most 200 characters.'))
    expect(college).toHaveAttribute('aria-invalid', 'true')
    expect(college).toHaveValue('Government Engineering College')
    expect(screen.getByRole('group', { name: /preferred batch/i })).toHaveAccessibleDescription(/Choose a batch\./)
    expect(screen.queryByText('Application received')).not.toBeInTheDocument()
  })

  it('says so when the account has already applied', async () => {
    const user = userEvent.setup()
    await renderApply({
      [APPLY]: () => json({ message: 'You have already applied for Web Development.', extra: {} }, 409),
    })
    await screen.findByRole('button', { name: 'Send application' })
    await fillForm(user)
    await user.click(screen.getByRole('button', { name: 'Send application' }))
    const alert = await screen.findByText('You have already applied for Web Development.')
    expect(alert.closest('[role="alert"]')).toHaveTextContent('Your application was not sent')
  })

  it('tells a visitor who sends too many to wait', async () => {
    const user = userEvent.setup()
    await renderApply({
      [APPLY]: () => json({ message: 'Too many applications. Try again in 40 minutes.', extra: { retry_after: 2400 } }, 429),
    })
    await screen.findByRole('button', { name: 'Send application' })
    await fillForm(user)
    await user.click(screen.getByRole('button', { name: 'Send application' }))
    expect(await screen.findByText('Too many applications. Try again in 40 minutes.')).toBeInTheDocument()
  })

  it('shows a closed domain with the reason and a way back, and no form', async () => {
    mockApi({
      ...answerPage('internshipApply', () => ({ domain: domainDetail({ slug: 'python', title: 'Python', is_open: false, closed_reason: 'Applications are not open yet.' }) })),
    })
    renderRoute('/internship/apply/python', { user: learner })
    expect(await screen.findByText('Applications for Python are closed')).toBeInTheDocument()
    expect(screen.getByText('Applications are not open yet.')).toBeInTheDocument()
    expect(screen.getAllByRole('link', { name: /all internships/i })[0]).toHaveAttribute('href', '/internship')
    expect(screen.queryByRole('button', { name: 'Send application' })).not.toBeInTheDocument()
  })

  it('shows an application already made with its status instead of the form', async () => {
    await renderApply({ ...answerPage('internshipApply', () => ({ domain: domainDetail({ my_application: application() }) })) })
    expect(await screen.findByRole('heading', { name: 'You have applied for this internship' })).toBeInTheDocument()
    expect(screen.getByText('Submitted, waiting for review')).toBeInTheDocument()
    expect(screen.getByText('10th of the month')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Send application' })).not.toBeInTheDocument()
    expect(screen.queryByRole('link', { name: /task board/i })).not.toBeInTheDocument()
  })

  it('leads an accepted intern to their task board', async () => {
    await renderApply({
      ...answerPage('internshipApply', () => ({ domain: domainDetail({ my_application: application({ status: 'accepted', status_label: 'Accepted', board_slug: 'tasks-10' }) }) })),
    })
    expect(await screen.findByRole('link', { name: /go to your task board/i })).toHaveAttribute('href', '/tasks-10')
    expect(screen.getByText('Accepted')).toBeInTheDocument()
  })
})
