import { useLocation } from 'react-router'

import { Alert } from '@/components/ui/alert'
import { PageHeader } from '@/components/ui/page-header'
import { RetryButton } from '@/components/ui/retry-button'
import { useTaskBoard } from '@/features/internships/api/get-task-board'
import { TaskBoardSkeleton, TaskBoardView } from '@/features/internships/components/task-board'
import { useBoardRefresh } from '@/features/internships/use-board-refresh'
import { ApiError } from '@/lib/api-client'
import type { Route } from './+types/tasks'
import { taskBoardQueryOptions } from '@/features/internships/api/get-task-board'
import { pageMeta } from '@/app/meta'
import { prefetch } from '@/lib/prefetch'

export async function loader({ url }: Route.LoaderArgs) {
  return { dehydrated: await prefetch(taskBoardQueryOptions(url.pathname.replace(/^\/+/, ''))) }
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Web Development internship tasks',
    description: "This month's Web Development internship tasks, released on a schedule.",
  })

const FALLBACK_TITLE = 'Web Development internship tasks'

/**
 * /tasks, /tasks-1, /tasks-10 and /tasks-20: one module, the board's slug is the path.
 * Which tasks are open is the server's answer (India time); the page only asks again
 * when the server says the board next changes, and when the visitor comes back.
 */
export default function Page() {
  const { pathname } = useLocation()
  const slug = pathname.replace(/^\/+/, '')
  const query = useTaskBoard(slug)
  const snapshot = query.data

  useBoardRefresh({
    nextChangeAt: snapshot?.board.next_change_at,
    serverOffsetMs: snapshot?.serverOffsetMs ?? 0,
    updatedAt: query.dataUpdatedAt,
    refetch: query.refetch,
  })

  const error = query.error instanceof ApiError ? query.error : undefined
  return (
    <>
      <PageHeader
        eyebrow="Web Development internship"
        title={snapshot?.board.title ?? FALLBACK_TITLE}
        intro="Four tasks a cycle, released on set days of the month at midnight India time (IST). This page opens each task by itself when its day comes: no need to reload."
      />
      <div className="container-page py-10 sm:py-14" aria-busy={query.isPending || undefined}>
        {snapshot ? (
          <TaskBoardView board={snapshot.board} />
        ) : query.isError ? (
          <div role="alert" className="flex flex-col items-start gap-4">
            <Alert tone="error" title="The tasks could not be loaded">
              {error?.status === 404 ? 'This task board does not exist.' : (error?.message ?? 'Please try again.')}
            </Alert>
            <RetryButton onRetry={() => void query.refetch()} pending={query.isFetching} />
          </div>
        ) : (
          <>
            <p className="sr-only" role="status">
              Loading the tasks…
            </p>
            <TaskBoardSkeleton />
          </>
        )}
      </div>
    </>
  )
}
