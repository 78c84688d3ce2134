import type { PlacementTask } from '@/features/internships/types'
import { apiClient, unwrap } from '@/lib/api-client'

/** The largest file a submission may carry (the API refuses larger ones too). */
export const SUBMISSION_FILE_MAX_BYTES = 10 * 1024 * 1024

export type TaskSubmission = {
  link: string
  note: string
  /** The optional PDF or ZIP; the API checks its content, not its name. */
  file?: Blob
  fileName?: string
}

/**
 * An intern's work for one unlocked task of their board, as multipart form data (the file
 * is optional). Sending again replaces the link, note and file while the task waits for
 * review or has changes requested. Answers the task's new placement entry.
 */
export function submitTask(boardSlug: string, taskNumber: number, submission: TaskSubmission): Promise<PlacementTask> {
  return unwrap(
    apiClient.POST('/api/internships/boards/{slug}/tasks/{number}/submission', {
      params: { path: { slug: boardSlug, number: taskNumber } },
      // The schema types the fields as strings (the file as binary); the serializer sends the form itself.
      body: { link: submission.link, note: submission.note },
      bodySerializer: () => {
        const form = new FormData()
        form.append('link', submission.link)
        form.append('note', submission.note)
        if (submission.file) form.append('file', submission.file, submission.fileName || 'submission')
        return form
      },
    }),
  )
}
