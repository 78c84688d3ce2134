// @vitest-environment node
// The upload actions as the server runs them (Node's own Request, FormData and File): a post
// without JavaScript reaches them this way, and a scripted page's post is the same request.
// These are the action's halves of the upload tests: under jsdom an action cannot read a
// posted file (vitest-dev/vitest#9135), so verify.test.tsx and task-submissions.test.tsx test
// what the page shows for each answer below (src/test/upload-answers.ts explains the split).
import { describe, expect, it } from 'vitest'

import { mockApi, type RecordedApi } from '@/test/api'
import { placementTask } from '@/test/internship-fixtures'
import { credentialCases, submissionCases, type UploadCase } from '@/test/upload-answers'

const CHECK = 'POST /api/credentials/check'
const SUBMIT = 'POST /api/internships/boards/tasks-10/tasks/3/submission'

const sent = (api: RecordedApi, key: string) => api.requests.filter((request) => `${request.method} ${new URL(request.url).pathname}` === key)

type Part = string | { name: string; type: string; text: string }

/** The multipart forms sent to "METHOD /path", as { field: value }. */
async function sentForms(api: RecordedApi, key: string): Promise<Record<string, Part>[]> {
  const forms: Record<string, Part>[] = []
  for (const request of sent(api, key)) {
    const form: Record<string, Part> = {}
    for (const [name, value] of await request.formData()) {
      form[name] = typeof value === 'string' ? value : { name: value.name, type: value.type, text: await value.text() }
    }
    forms.push(form)
  }
  return forms
}

/** An action's answer as { status, data }: data(…, { status }), or a plain object (200). */
function answerOf(answer: unknown): UploadCase['action'] {
  const withInit = answer as { type?: string; data: Record<string, unknown>; init: { status?: number } | null }
  const { status, data } =
    withInit.type === 'DataWithResponseInit'
      ? { status: withInit.init?.status ?? 200, data: withInit.data }
      : { status: 200, data: answer as Record<string, unknown> }
  // An API's refusal says when it was answered (for a 429's countdown): any time will do here.
  if ('answeredAt' in data) expect(data.answeredAt).toEqual(expect.any(Number))
  const { answeredAt: _answeredAt, ...rest } = data
  void _answeredAt
  return { status, data: rest }
}

function post(url: string, fields: [string, string | File][]): Request {
  const form = new FormData()
  for (const [name, value] of fields) form.append(name, value)
  return new Request(url, { method: 'POST', body: form })
}

/** What a browser sends for a file input left empty: a file with no name and no bytes. */
const noFile = () => new File([], '', { type: 'application/octet-stream' })

describe('check a credential file: the action', () => {
  it.each(Object.entries(credentialCases))('sends the file to the API and answers what the page shows (%s)', async (_name, upload) => {
    const api = mockApi({ [CHECK]: upload.api })
    const { action } = await import('@/app/routes/verify')
    const file = new File(['{"a": 1}'], 'mine.json', { type: 'application/json' })
    const answer = await action({ request: post('http://localhost/verify', [['file', file]]), params: {}, context: {} } as never)
    expect(answerOf(answer)).toEqual(upload.action)
    expect(await sentForms(api, CHECK)).toEqual([{ file: { name: 'mine.json', type: 'application/json', text: '{"a": 1}' } }])
  })

  it('refuses an oversized credential file itself, without asking the API', async () => {
    const api = mockApi({ [CHECK]: credentialCases.valid.api })
    const { action } = await import('@/app/routes/verify')
    const file = new File(['x'.repeat(256 * 1024 + 1)], 'credential.json', { type: 'application/json' })
    const answer = await action({ request: post('http://localhost/verify', [['file', file]]), params: {}, context: {} } as never)
    expect(answerOf(answer)).toMatchObject({ status: 413, data: { ok: false, status: 413, message: expect.stringMatching(/larger than 256 KB/) } })
    expect(sent(api, CHECK)).toEqual([])
  })
})

describe('a task board’s submission: the action', () => {
  /** Task 3's form, posted by the scripted page (to /tasks-10.data) from /tasks-10. */
  async function submit(link: string, note: string, file: File) {
    const { action } = await import('@/app/routes/tasks')
    const request = post('http://localhost/tasks-10.data', [
      ['task', '3'],
      ['link', link],
      ['note', note],
      ['file', file],
    ])
    return answerOf(await action({ request, url: new URL('http://localhost/tasks-10'), params: {}, context: {} } as never))
  }

  it('sends the link, note and file to the board’s API and answers the task as sent', async () => {
    const api = mockApi({ [SUBMIT]: submissionCases.submitted.api })
    const answer = await submit('https://github.com/asha/task-3', 'Done with tests.', new File(['%PDF-1.7 report'], 'report.pdf', { type: 'application/pdf' }))
    expect(answer).toEqual(submissionCases.submitted.action)
    expect(await sentForms(api, SUBMIT)).toEqual([
      { link: 'https://github.com/asha/task-3', note: 'Done with tests.', file: { name: 'report.pdf', type: 'application/pdf', text: '%PDF-1.7 report' } },
    ])
  })

  it('sends no file when none was chosen, and answers the API’s refusal of the link with what was typed', async () => {
    const api = mockApi({ [SUBMIT]: submissionCases.linkRefused.api })
    expect(await submit('http://github.com/asha', '', noFile())).toEqual(submissionCases.linkRefused.action)
    expect(await sentForms(api, SUBMIT)).toEqual([{ link: 'http://github.com/asha', note: '' }])
  })

  it.each([
    ['a file that is not a PDF or ZIP', submissionCases.fileRefused],
    ['a task not unlocked yet', submissionCases.locked],
  ])('answers the API’s refusal of %s', async (_name, upload) => {
    const api = mockApi({ [SUBMIT]: upload.api })
    expect(await submit('https://github.com/asha/task-3', '', new File(['not a pdf'], 'fake.pdf', { type: 'application/pdf' }))).toEqual(upload.action)
    expect(await sentForms(api, SUBMIT)).toEqual([
      { link: 'https://github.com/asha/task-3', note: '', file: { name: 'fake.pdf', type: 'application/pdf', text: 'not a pdf' } },
    ])
  })

  it('refuses an oversized file itself, without asking the API', async () => {
    const api = mockApi({ [SUBMIT]: () => new Response(JSON.stringify(placementTask(3)), { status: 201 }) })
    const answer = await submit('https://github.com/asha/task-3', '', new File(['x'.repeat(10 * 1024 * 1024 + 1)], 'big.zip', { type: 'application/zip' }))
    expect(answer).toMatchObject({ status: 422, data: { ok: false, intent: 'task-3', fields: { file: 'The file is larger than 10 MB.' } } })
    expect(sent(api, SUBMIT)).toEqual([])
  })
})
