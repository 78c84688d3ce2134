/** Which task's form a board action answer belongs to (a board has four forms). */
export function submissionIntent(taskNumber: number): string {
  return `task-${taskNumber}`
}

/**
 * The id of a task card's working part (its file, state and form): without JavaScript the
 * form posts to the page address with `#task-<n>`, so the answer (sent, or the field's
 * error) opens where the intern is, even in a card stretched by its neighbour.
 */
export function taskAnchor(taskNumber: number): string {
  return `task-${taskNumber}`
}
