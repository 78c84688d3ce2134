import { useCallback } from 'react'
import { data, href, redirect, useActionData, useLoaderData, useLocation, useNavigation, useRevalidator } from 'react-router'

import { Alert } from '@/components/ui/alert'
import { PageHeader } from '@/components/ui/page-header'
import { SUBMISSION_FILE_MAX_BYTES, submitTask } from '@/features/internships/api/submit-task'
import { TaskBoardView } from '@/features/internships/components/task-board'
import type { BoardViewer } from '@/features/internships/components/task-card'
import type { SubmissionResult } from '@/features/internships/components/task-submission-form'
import { submissionIntent } from '@/features/internships/submission-intent'
import { useBoardRefresh } from '@/features/internships/use-board-refresh'
import { ApiError, apiClient, unwrap } from '@/lib/api-client'
import type { Route } from './+types/tasks'
import { pageMeta } from '@/app/meta'
import type { FormFailure } from '@/lib/form-result'
import { FIELD_MESSAGES } from '@/lib/required-fields'
import { formFailure, readForm, uploadBytesLimit } from '@/server/form.server'
import type { HydrationHandle } from '@/lib/hydration'

// The page loads its scripts (src/lib/hydration.ts): the task boards' live unlock and the submission form's file checks.
export const handle: HydrationHandle = { hydrate: true }

/**
 * The board as the server sees it for this visitor (an intern on it also gets their
 * placement), or the refusal for a board that does not exist; and the server's clock
 * (its Date header), so the page can wake up at the board's next change by it.
 */
export async function loader({ url }: Route.LoaderArgs) {
  const call = apiClient.GET('/api/pages/tasks/{slug}', { params: { path: { slug: boardSlug(url.pathname) } } })
  const page = await unwrap(call)
  const date = (await call).response.headers.get('Date')
  const serverTime = date ? Date.parse(date) : Number.NaN
  return { ...page, serverTime: Number.isNaN(serverTime) ? null : serverTime }
}

function boardSlug(pathname: string): string {
  return pathname.replace(/^\/+/, '')
}

function loginPath(pathname: string): string {
  return `${href('/login')}?${new URLSearchParams({ next: pathname })}`
}

/**
 * An intern's submission for one task (the form's `task`): link, note and the optional
 * file go to the API as multipart form data. A file over 10 MB is refused here before it
 * is sent on, in the API's words; everything else is the API's to decide (locked,
 * approved, not an intern here, the file's type by its content).
 */
export async function action({ request, url }: Route.ActionArgs) {
  // The page's own path (`url`), not the request's, which is /tasks-10.data when scripts post.
  const { pathname } = url
  const { form, values } = await readForm(request, { maxBytes: uploadBytesLimit() })
  const taskNumber = Number(values.task)
  if (!Number.isInteger(taskNumber) || taskNumber < 1) throw data('This form is not one of the board’s.', { status: 400 })
  const intent = submissionIntent(taskNumber)
  const upload = form.get('file')
  // A File (from Node or a test's DOM); a browser sends an empty one when none was chosen.
  const file = upload !== null && typeof upload !== 'string' && upload.size > 0 ? upload : undefined
  if (file && file.size > SUBMISSION_FILE_MAX_BYTES) {
    const failure: FormFailure = {
      ok: false,
      intent,
      status: 422,
      message: FIELD_MESSAGES.submissionFile.tooLarge,
      fields: { file: FIELD_MESSAGES.submissionFile.tooLarge },
      extra: {},
      values: { link: values.link ?? '', note: values.note ?? '' },
    }
    return data(failure, { status: 422 })
  }
  try {
    const entry = await submitTask(boardSlug(pathname), taskNumber, {
      link: (values.link ?? '').trim(),
      note: (values.note ?? '').trim(),
      file,
      fileName: file?.name,
    })
    return { ok: true as const, intent, entry }
  } catch (error) {
    // The session ended between the page and the post: log in again, then back here.
    if (error instanceof ApiError && error.status === 401) throw redirect(loginPath(pathname))
    return formFailure(error, { link: values.link ?? '', note: values.note ?? '' }, intent)
  }
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Web Development internship tasks',
    description: "This month's Web Development internship tasks, released on a schedule.",
  })

const FALLBACK_TITLE = 'Web Development internship tasks'

/**
 * /tasks, /tasks-1, /tasks-10 and /tasks-20: one module, the board's slug is the path.
 * Which tasks are open is the server's answer (India time); the page only asks again (its
 * loader) when the server says the board next changes, and when the visitor comes back.
 */
export default function Page() {
  const { pathname } = useLocation()
  const page = useLoaderData<typeof loader>()
  const { board, visitor } = page
  const { state: refreshing, revalidate } = useRevalidator()
  // Focus and visibilitychange often come together: one answer is enough.
  const refresh = useCallback(() => {
    if (refreshing === 'idle') void revalidate()
  }, [refreshing, revalidate])
  const result = useActionData<typeof action>() as SubmissionResult | undefined
  const navigation = useNavigation()
  const sending = navigation.state === 'submitting' ? Number(navigation.formData?.get('task')) || undefined : undefined
  const viewer: BoardViewer = board?.placement
    ? { kind: 'intern' }
    : visitor
      ? { kind: 'member' }
      : { kind: 'visitor', loginPath: loginPath(pathname) }

  useBoardRefresh({ nextChangeAt: board?.next_change_at, serverTime: page.serverTime, answer: page, refresh })

  return (
    <>
      <PageHeader
        eyebrow="Web Development internship"
        title={board?.title ?? FALLBACK_TITLE}
        intro="Four tasks a cycle, released on set days of the month at midnight India time (IST). This page opens each task by itself when its day comes: no need to reload."
      />
      <div className="container-page py-10 sm:py-14">
        {board ? (
          <TaskBoardView board={board} viewer={viewer} result={result} sendingTask={sending} />
        ) : (
          <div role="alert">
            <Alert tone="error" title="The tasks could not be loaded">
              This task board does not exist.
            </Alert>
          </div>
        )}
      </div>
    </>
  )
}
