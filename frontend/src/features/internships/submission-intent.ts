/** Which task's form a board action answer belongs to (a board has four forms). */
export function submissionIntent(taskNumber: number): string {
  return `task-${taskNumber}`
}

/**
 * The id of the task's card: without JavaScript the form posts to the page address with
 * `#task-<n>`, so the answer (sent, or the field's error) opens where the intern is.
 */
export function taskAnchor(taskNumber: number): string {
  return `task-${taskNumber}`
}
