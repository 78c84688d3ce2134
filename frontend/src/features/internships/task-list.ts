/** "tasks 1 to 3", "tasks 1 and 2", "tasks 1, 2 and 4". */
export function taskList(numbers: number[]): string {
  const first = numbers[0]
  const last = numbers[numbers.length - 1]
  if (first === undefined || last === undefined) return 'no tasks'
  if (numbers.length === 1) return `task ${first}`
  const consecutive = numbers.every((number, index) => number === first + index)
  if (numbers.length > 2 && consecutive) return `tasks ${first} to ${last}`
  return `tasks ${numbers.slice(0, -1).join(', ')} and ${last}`
}
