import type { components } from '@/api/schema'

export type TaskBoard = components['schemas']['TaskBoardOut']
export type BoardTask = components['schemas']['BoardTaskOut']
/** The logged-in intern's own side of the board (null for everyone else). */
export type Placement = NonNullable<TaskBoard['placement']>
export type PlacementTask = Placement['tasks'][number]
export type TaskState = PlacementTask['state']
export type BoardCertificate = TaskBoard['certificate']
