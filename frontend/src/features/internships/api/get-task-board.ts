import { queryOptions, useQuery } from '@tanstack/react-query'

import type { components } from '@/api/schema'
import { apiClient, unwrap } from '@/lib/api-client'
import { PAGE_DATA_FRESH_MS } from '@/lib/page-fresh'

export type TaskBoard = components['schemas']['TaskBoardOut']
export type BoardTask = components['schemas']['BoardTaskOut']
/** The logged-in intern's own side of the board (null for everyone else). */
export type Placement = NonNullable<TaskBoard['placement']>
export type PlacementTask = Placement['tasks'][number]
export type TaskState = PlacementTask['state']
export type BoardCertificate = TaskBoard['certificate']

/**
 * The board, and how far the server's clock is ahead of this browser's (from the
 * response's Date header), so the page can wake up at the server's next change even when
 * the visitor's clock is wrong. Which tasks are open is never worked out here.
 */
export type TaskBoardSnapshot = { board: TaskBoard; serverOffsetMs: number }

export const taskBoardKeys = {
  all: ['task-boards'] as const,
  detail: (slug: string) => ['task-boards', slug] as const,
}

export function serverClockOffset(response: Response, now: number = Date.now()): number {
  const header = response.headers.get('Date')
  const serverTime = header ? Date.parse(header) : Number.NaN
  return Number.isNaN(serverTime) ? 0 : serverTime - now
}

export async function getTaskBoard(slug: string, signal?: AbortSignal): Promise<TaskBoardSnapshot> {
  const call = apiClient.GET('/api/internships/boards/{slug}', { params: { path: { slug } }, signal })
  const board = await unwrap(call)
  const { response } = await call
  return { board, serverOffsetMs: serverClockOffset(response) }
}

export function taskBoardQueryOptions(slug: string) {
  return queryOptions({
    queryKey: taskBoardKeys.detail(slug),
    queryFn: ({ signal }) => getTaskBoard(slug, signal),
    // Every visit's loader asks again: a task may have opened since. The page refetches at
    // the board's next change and on focus itself (see use-board-refresh).
    staleTime: PAGE_DATA_FRESH_MS,
    refetchOnWindowFocus: false,
  })
}

export function useTaskBoard(slug: string) {
  return useQuery(taskBoardQueryOptions(slug))
}
