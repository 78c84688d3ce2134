/** Which task's form a board action answer belongs to (a board has four forms). */
export function submissionIntent(taskNumber: number): string {
  return `task-${taskNumber}`
}
