import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'

import { learner } from '@/app/__tests__/accounts-fixtures'
import { answerPage, json, mockApi, type RecordedApi } from '@/test/api'
import { boardTask, placementTask, taskBoard, type PlacementTask } from '@/test/internship-fixtures'
import { renderRoute } from '@/test/render'
import { answering, submissionCases, submittedTask } from '@/test/upload-answers'

const submitKey = (number: number) => `POST /api/internships/boards/tasks-10/tasks/${number}/submission`

/** An intern's board: task 1 approved, 2 with changes requested, 3 not yet sent, 4 locked. */
function internBoard(tasks: PlacementTask[] = defaultEntries()) {
  return taskBoard({ placement: { certificate_id: null, tasks, catch_up: null } })
}

function defaultEntries(): PlacementTask[] {
  return [
    placementTask(1, { state: 'approved', link: 'https://github.com/asha/task-1', feedback: 'Clean work.', submitted_at: '2025-12-11T06:00:00Z' }),
    placementTask(2, {
      state: 'changes_requested',
      link: 'https://github.com/asha/task-2',
      note: 'First try.',
      feedback: 'The form does not validate the email.',
      file_name: 'task-2.zip',
      file_url: '/api/internships/submissions/12/file',
      submitted_at: '2025-12-15T06:00:00Z',
    }),
    placementTask(3),
    placementTask(4, { unlocked: false }),
  ]
}

type Sent = { link: string; note: string; file?: { name: string; text: string } }

/** What the board's forms sent to the API for a task (multipart). */
async function sentSubmissions(api: RecordedApi, number: number): Promise<Sent[]> {
  const sent: Sent[] = []
  for (const request of api.requests) {
    if (`${request.method} ${new URL(request.url).pathname}` !== submitKey(number)) continue
    // Read once the mock has answered: nothing else reads this body.
    const form = await request.formData()
    const file = form.get('file')
    sent.push({
      link: String(form.get('link')),
      note: String(form.get('note')),
      ...(file instanceof Blob ? { file: { name: (file as File).name, text: await file.text() } } : {}),
    })
  }
  return sent
}

function card(number: number) {
  return screen.getByTestId(`task-${number}`)
}

describe('task boards: submissions', { timeout: 20_000 }, () => {
  it('offers a visitor “Log in to submit” (back to this board after) on open tasks only', async () => {
    mockApi({ ...answerPage('tasks', () => ({ board: taskBoard() })) })
    renderRoute('/tasks-10')
    await screen.findByTestId('task-1')
    for (const number of [1, 2, 3]) {
      const login = within(card(number)).getByRole('link', { name: /^log in to submit/i })
      expect(login).toHaveAttribute('href', '/login?next=%2Ftasks-10')
      expect(within(card(number)).queryByRole('textbox')).toBeNull()
    }
    expect(within(card(4)).queryByRole('link')).toBeNull()
    expect(screen.queryByRole('button', { name: /submit task/i })).toBeNull()
  })

  it('tells a logged-in learner who is not on this board that interns send their work here', async () => {
    mockApi({ ...answerPage('tasks', () => ({ board: taskBoard() })) })
    renderRoute('/tasks-10', { user: learner })
    await screen.findByTestId('task-1')
    expect(within(card(1)).getByText(/Interns placed on this board send their work here/)).toBeInTheDocument()
    expect(within(card(1)).getByRole('link', { name: 'Apply for an internship' })).toHaveAttribute('href', '/internship')
    expect(within(card(1)).queryByRole('link', { name: /log in/i })).toBeNull()
    expect(screen.queryByRole('button', { name: /submit task/i })).toBeNull()
  })

  it('shows an intern each task’s state, the reviewer’s feedback, their file and the form until approved', async () => {
    mockApi({ ...answerPage('tasks', () => ({ board: internBoard() })) })
    renderRoute('/tasks-10', { user: learner })
    await screen.findByTestId('task-1')

    const approved = card(1)
    expect(within(approved).getByText('Approved')).toBeInTheDocument()
    expect(within(approved).getByText('Clean work.')).toBeInTheDocument()
    expect(within(approved).queryByRole('form')).toBeNull()
    expect(within(approved).queryByRole('button')).toBeNull()

    const changes = card(2)
    expect(within(changes).getByText('Changes requested')).toBeInTheDocument()
    expect(within(changes).getByText('The form does not validate the email.')).toBeInTheDocument()
    expect(within(changes).getByRole('link', { name: 'task-2.zip' })).toHaveAttribute('href', '/api/internships/submissions/12/file')
    // Changes requested: the form to send a new version is open.
    expect((within(changes).getByText('Replace what you sent').closest('details') as HTMLDetailsElement).open).toBe(true)
    const again = within(changes).getByRole('form', { name: /send a new version: task 2/i })
    expect(within(again).getByLabelText(/^link to your work/i)).toHaveValue('https://github.com/asha/task-2')
    expect(within(again).getByLabelText(/^file \(optional\)/i)).toHaveAccessibleDescription(/Choose one to replace task-2\.zip/)
    expect(within(again).getByRole('button', { name: 'Send a new version' })).toBeInTheDocument()

    const fresh = card(3)
    expect(within(fresh).getByText('Not submitted')).toBeInTheDocument()
    const form = within(fresh).getByRole('form', { name: /submit your work: task 3/i })
    expect(form).toHaveAttribute('enctype', 'multipart/form-data')
    expect(within(form).getByLabelText(/^link to your work/i)).toBeRequired()
    expect(within(form).getByLabelText(/^file \(optional\)/i)).toHaveAttribute('accept', '.pdf,.zip,application/pdf,application/zip')

    expect(card(4)).toHaveAttribute('data-state', 'locked')
    expect(within(card(4)).queryByRole('form')).toBeNull()
    expect(screen.queryByRole('link', { name: /log in to submit/i })).toBeNull()
  })

  it('tells an intern accepted mid-cycle why several tasks are open at once, and by when to catch up', async () => {
    const board = taskBoard({
      today: '2025-12-27',
      placement: {
        certificate_id: null,
        tasks: defaultEntries(),
        catch_up: { joined_on: '2025-12-26', week: 3, task_numbers: [1, 2, 3], catch_up_by: '2026-01-09' },
      },
    })
    mockApi({ ...answerPage('tasks', () => ({ board })) })
    renderRoute('/tasks-10', { user: learner })
    const note = await screen.findByRole('region', { name: 'Why tasks 1 to 3 are open at once' })
    expect(note).toHaveTextContent(
      'You joined on 26 Dec, in week 3 of this cycle. The tasks open on the same days for every intern, so tasks 1 to 3 were already open for you: you can catch up on them by 9 Jan 2026, the last day of this cycle.',
    )
    expect(note).toHaveTextContent('A task you have sent by then stays open for you.')
  })

  it('says nothing about catching up to an intern whose tasks opened in their usual order', async () => {
    mockApi({ ...answerPage('tasks', () => ({ board: internBoard() })) })
    renderRoute('/tasks-10', { user: learner })
    await screen.findByTestId('task-1')
    expect(screen.queryByRole('region', { name: /open at once/ })).toBeNull()
  })

  it('opens a task staff unlocked early for this intern, with its link', async () => {
    const tasks = [...defaultEntries().slice(0, 3), placementTask(4, { unlocked: true })]
    // The server sends this intern task 4's link; for everyone else it stays locked.
    const board = internBoard(tasks)
    board.tasks[3] = { ...boardTask(4, '2026-01-03'), task_url: 'https://files.example/task-4' }
    mockApi({ ...answerPage('tasks', () => ({ board: board })) })
    renderRoute('/tasks-10', { user: learner })
    const early = await screen.findByTestId('task-4')
    expect(early).toHaveAttribute('data-state', 'unlocked')
    expect(within(early).getByRole('link', { name: /^get task/i })).toHaveAttribute('href', 'https://files.example/task-4')
    expect(within(early).getByRole('form', { name: /submit your work: task 4/i })).toBeInTheDocument()
    expect(screen.getByText('4 of 4')).toBeInTheDocument()
  })

  /*
   * The page's half of a submission (vitest-dev/vitest#9135): under jsdom the action cannot
   * read the posted form (it holds a file input), so a stand-in answers what the real action
   * answers to the API's answer, and upload-actions.test.ts proves, in Node, that the real
   * action sends the link, note and file to the API and answers just that
   * (src/test/upload-answers.ts).
   */
  it('posts the link, note and file, then shows the task waiting for review', async () => {
    const user = userEvent.setup({ applyAccept: false })
    let entries = defaultEntries()
    const posts: Request[] = []
    mockApi({ ...answerPage('tasks', () => ({ board: internBoard(entries) })) })
    const accepted = answering(submissionCases.submitted, (request) => {
      posts.push(request)
      // The API has the work: the board the action's revalidation brings shows it.
      entries = entries.map((item) => (item.number === 3 ? submittedTask : item))
    })
    renderRoute('/tasks-10', { user: learner, actions: { 'tasks-10': accepted } })
    const form = within(await screen.findByTestId('task-3')).getByRole('form')
    await user.type(within(form).getByLabelText(/^link to your work/i), 'https://github.com/asha/task-3')
    await user.type(within(form).getByLabelText(/^note/i), 'Done with tests.')
    await user.upload(within(form).getByLabelText(/^file/i), new File(['%PDF-1.7 report'], 'report.pdf', { type: 'application/pdf' }))
    // The fields the action reads (upload-actions.test.ts posts them so).
    expect(form).toHaveFormValues({ task: '3', link: 'https://github.com/asha/task-3', note: 'Done with tests.' })
    expect(within(form).getByLabelText(/^file/i)).toHaveAttribute('name', 'file')
    await user.click(within(form).getByRole('button', { name: 'Submit Task' }))

    await waitFor(() => expect(within(card(3)).getByRole('status')).toHaveTextContent('Your work is waiting for review.'))
    // The board the action's revalidation brought (hydrated into the page's query a moment later).
    await waitFor(() => expect(within(card(3)).getByText('Submitted, waiting for review')).toBeInTheDocument())
    expect(within(card(3)).getByRole('link', { name: 'report.pdf' })).toHaveAttribute('href', '/api/internships/submissions/13/file')
    // The form to replace it folds away once the work is sent.
    const fold = within(card(3)).getByText('Replace what you sent').closest('details') as HTMLDetailsElement
    expect(fold.open).toBe(false)
    expect(within(fold).getByLabelText(/^link to your work/i)).toHaveValue('https://github.com/asha/task-3')
    expect(within(fold).getByLabelText(/^file/i)).toHaveValue('')
    expect(posts.map((request) => [request.method, request.headers.get('Content-Type')?.split(';')[0]])).toEqual([
      ['POST', 'multipart/form-data'],
    ])
  })

  it('asks for the link and checks the file’s size first, in the server’s words, and sends nothing', async () => {
    const user = userEvent.setup({ applyAccept: false })
    const api = mockApi({ ...answerPage('tasks', () => ({ board: internBoard() })), [submitKey(3)]: () => json(placementTask(3), 201) })
    renderRoute('/tasks-10', { user: learner })
    const form = within(await screen.findByTestId('task-3')).getByRole('form')
    const link = within(form).getByLabelText(/^link to your work/i)
    await user.click(within(form).getByRole('button', { name: 'Submit Task' }))
    expect(link).toHaveAccessibleDescription(/Enter the link to your work\./)
    await waitFor(() => expect(link).toHaveFocus())

    await user.type(link, 'https://github.com/asha/task-3')
    await user.upload(within(form).getByLabelText(/^file/i), new File(['x'.repeat(10 * 1024 * 1024 + 1)], 'big.zip', { type: 'application/zip' }))
    await user.click(within(form).getByRole('button', { name: 'Submit Task' }))
    const file = within(form).getByLabelText(/^file/i)
    expect(file).toHaveAccessibleDescription(/The file is larger than 10 MB\./)
    expect(file).toHaveAttribute('aria-invalid', 'true')
    expect(await sentSubmissions(api, 3)).toEqual([])
  })

  it('leaves the link’s form to the server and shows its error at the link, focused', async () => {
    const user = userEvent.setup({ applyAccept: false })
    const posts: Request[] = []
    mockApi({ ...answerPage('tasks', () => ({ board: internBoard() })) })
    const refused = answering(submissionCases.linkRefused, (request) => posts.push(request))
    renderRoute('/tasks-10', { user: learner, actions: { 'tasks-10': refused } })
    const form = within(await screen.findByTestId('task-3')).getByRole('form')
    const link = within(form).getByLabelText(/^link to your work/i)
    await user.type(link, 'http://github.com/asha')
    await user.click(within(form).getByRole('button', { name: 'Submit Task' }))
    await waitFor(() => expect(link).toHaveAccessibleDescription(/Enter a link that starts with https:\/\//))
    expect(link).toHaveAttribute('aria-invalid', 'true')
    await waitFor(() => expect(link).toHaveFocus())
    expect(posts).toHaveLength(1)
  })

  it('shows the API’s refusals: a file that is not a PDF or ZIP next to the file, a locked task in the form', async () => {
    const user = userEvent.setup({ applyAccept: false })
    let refusal = submissionCases.fileRefused
    mockApi({ ...answerPage('tasks', () => ({ board: internBoard() })) })
    renderRoute('/tasks-10', { user: learner, actions: { 'tasks-10': (args) => answering(refusal)(args) } })
    const form = within(await screen.findByTestId('task-3')).getByRole('form')
    await user.type(within(form).getByLabelText(/^link to your work/i), 'https://github.com/asha/task-3')
    await user.upload(within(form).getByLabelText(/^file/i), new File(['not a pdf'], 'fake.pdf', { type: 'application/pdf' }))
    await user.click(within(form).getByRole('button', { name: 'Submit Task' }))
    await waitFor(() => expect(within(form).getByLabelText(/^file/i)).toHaveAccessibleDescription(/Upload a PDF or ZIP file\./))
    expect(within(form).getByLabelText(/^link to your work/i)).toHaveValue('https://github.com/asha/task-3')

    refusal = submissionCases.locked
    await user.click(within(form).getByRole('button', { name: 'Submit Task' }))
    const alert = await within(form).findByText('This task is not unlocked yet.')
    expect(alert.closest('[role="alert"]')).toHaveTextContent('Your work was not sent')
    // The other tasks' forms do not show this answer.
    expect(within(card(2)).queryByText('This task is not unlocked yet.')).toBeNull()
  })

  it('the action sends the work to the board of the page, whatever address the post came to', async () => {
    const api = mockApi({ [submitKey(2)]: () => json(placementTask(2, { state: 'submitted' }), 201) })
    const { action } = await import('@/app/routes/tasks')
    const form = new FormData()
    form.append('task', '2')
    form.append('link', ' https://github.com/asha/task-2 ')
    form.append('note', 'Fixed.')
    // A post from the scripted page goes to /tasks-10.data; `url` is the page's own address.
    const request = new Request('http://localhost/tasks-10.data', { method: 'POST', body: form })
    const answer = await action({ request, url: new URL('http://localhost/tasks-10'), params: {}, context: {} } as never)
    expect(answer).toMatchObject({ ok: true, intent: 'task-2', entry: { state: 'submitted' } })
    expect(await sentSubmissions(api, 2)).toEqual([{ link: 'https://github.com/asha/task-2', note: 'Fixed.' }])
  })

  it('leads the intern whose certificate was issued here to its verify page', async () => {
    const approved = [1, 2, 3, 4].map((number) => placementTask(number, { state: 'approved', link: `https://github.com/asha/${number}` }))
    mockApi({
      ...answerPage('tasks', () => ({ board: taskBoard({
            placement: { certificate_id: 'IN-2026-0042', tasks: approved, catch_up: null },
            certificate: { enabled: true, verify_path: '/verify/IN-2026-0042', reason: '' },
          }), })),
    })
    renderRoute('/tasks-10', { user: learner })
    const link = await screen.findByRole('link', { name: 'Generate Certificate' })
    expect(link).toHaveAttribute('href', '/verify/IN-2026-0042')
    expect(screen.queryByRole('button', { name: 'Generate Certificate' })).toBeNull()
    expect(screen.queryAllByRole('form')).toHaveLength(0)
  })
})

describe('taskList', () => {
  it('names the open tasks in plain words', async () => {
    const { taskList } = await import('@/features/internships/task-list')
    expect(taskList([1, 2, 3])).toBe('tasks 1 to 3')
    expect(taskList([1, 2])).toBe('tasks 1 and 2')
    expect(taskList([1, 2, 4])).toBe('tasks 1, 2 and 4')
    expect(taskList([1, 2, 3, 4])).toBe('tasks 1 to 4')
  })
})
